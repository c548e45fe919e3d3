import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { BotRunner, ROTATE_JOB, type StepPayload, STEP_JOB, TIMER_JOB, type TimerPayload } from "./bot-runner.ts";
import { INBOUND_PRIORITY } from "../../tickets/server/bot.contract.ts";
import "../../tickets/server/tickets-events.contract.ts";
import "./hand-over.contract.ts";
import { HandOverRegistry } from "./hand-over/hand-over-registry.ts";
import { HandOvers } from "./hand-over/hand-overs.ts";
import { HAND_OVER_JOB, type HandOverPayload, handOverTicket, runHandOver } from "./hand-over/hand-over-ticket.ts";
import { chatbotStep, handOverStep, startHandOver } from "./inbound-step.ts";
import { Rotation, type RotatePayload } from "./rotation.ts";

/**
 * Wires the decision engine into the inbound pipeline: a step in every new message's
 * receive unit enqueues the `step` job; the job runs a bot turn (bot-runner.ts); timers
 * and the queue rotation are durable jobs too, so restarts lose nothing. Hosts the hand-over
 * registry (`automation.registerHandOver`): a ticket a registered provider holds is routed
 * to it by a step of higher priority, through the same job.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const registry = new HandOverRegistry();
    const handOvers = new HandOvers(ctx, registry);
    ctx.services.provide("automation.registerHandOver", (provider) => registry.register(provider));
    ctx.services.provide("automation.handOverKinds", () => registry.kinds());
    ctx.services.provide("automation.startHandOver", startHandOver(ctx.jobs, registry));
    ctx.services.provide("automation.handOverTicket", handOverTicket(ctx, handOvers));
    const runner = new BotRunner(ctx, handOvers);
    const rotation = new Rotation(ctx);
    // Who answers a message is decided once: the provider holding the ticket, else the chatbot.
    const afterInbound = ctx.services.require("tickets.afterInbound");
    afterInbound(handOverStep(ctx.jobs, registry), { priority: INBOUND_PRIORITY.handler });
    afterInbound(chatbotStep(ctx.jobs), { priority: INBOUND_PRIORITY.chatbot });
    // A provider is told when its conversation left it: an attendant took it, it closed, a keyword, its own "done".
    ctx.bus.on("tickets.ticket.holderChanged", (e) => handOvers.changed(e));
    // Turns of different tickets run together (their units share commits); one ticket's in order.
    // A turn that races another of its ticket (a timer, another node) starts over on the fresh state.
    ctx.jobs.define<StepPayload>(STEP_JOB, ({ companyId, payload }) => runner.step(companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });
    ctx.jobs.define<HandOverPayload>(HAND_OVER_JOB, ({ companyId, payload }) => runHandOver(ctx, handOvers, companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });
    ctx.jobs.define<TimerPayload>(TIMER_JOB, ({ companyId, payload }) => runner.timer(companyId ?? 0, payload));
    ctx.jobs.define<RotatePayload>(ROTATE_JOB, ({ companyId, payload }) => rotation.round(companyId ?? 0, payload));
  },
});
