import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { BotRunner, ROTATE_JOB, type StepPayload, STEP_JOB, TIMER_JOB, type TimerPayload } from "./bot-runner.ts";
import { inboundStep } from "./inbound-step.ts";
import { Rotation, type RotatePayload } from "./rotation.ts";

/**
 * Wires the decision engine into the inbound pipeline: a step in every new message's
 * receive unit enqueues the `step` job; the job runs a bot turn (bot-runner.ts); timers
 * and the queue rotation are durable jobs too, so restarts lose nothing.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const runner = new BotRunner(ctx);
    const rotation = new Rotation(ctx);
    ctx.services.require("tickets.afterInbound")(inboundStep(ctx.jobs));
    // Turns of different tickets run together (their units share commits); one ticket's in order.
    // A turn that races another of its ticket (a timer, another node) starts over on the fresh state.
    ctx.jobs.define<StepPayload>(STEP_JOB, ({ companyId, payload }) => runner.step(companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });
    ctx.jobs.define<TimerPayload>(TIMER_JOB, ({ companyId, payload }) => runner.timer(companyId ?? 0, payload));
    ctx.jobs.define<RotatePayload>(ROTATE_JOB, ({ companyId, payload }) => rotation.round(companyId ?? 0, payload));
  },
});
