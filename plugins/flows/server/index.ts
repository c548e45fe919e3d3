import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import "../../automation/server/hand-over.contract.ts";
import "../../connections/server/connections.contract.ts";
import "../../connections/server/connections-events.contract.ts";
import "../../queues/server/references.contract.ts";
import { INBOUND_PRIORITY } from "../../tickets/server/bot.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { FlowCampaignsService } from "./flow-campaigns.service.ts";
import { registerCounterHandlers } from "./flow-counters.ts";
import { registerFlowDraftsHandlers } from "./flow-drafts.handlers.ts";
import { FlowDraftsService } from "./flow-drafts.service.ts";
import { ANSWER_JOB, type AnswerPayload, FlowRuntime, RESUME_JOB, type ResumePayload, TAKEOVER_JOB, type TakeoverPayload } from "./flow-runtime.ts";
import { registerFlowsHandlers } from "./flows.handlers.ts";
import { FlowsService } from "./flows.service.ts";
import { StartRuleCaches } from "./start-rule-caches.ts";
import { connectionRule, phraseRule } from "./start-rules.ts";
import { takeoverEvent, takeoverStep } from "./takeover.ts";

/**
 * Routes of the flow builder and phrase campaigns, the reference kind `flow` (a connection's
 * welcome / "no phrase" flow, an integration of type flowbuilder), the hand-over provider of
 * kind `flow` with its interval job, and the start rules in the inbound pipeline.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const flows = new FlowsService(ctx.db, ctx.storage);
    const connectionExists = async (companyId: number, id: number) => (await ctx.services.require("connections.get")(companyId, id)) !== null;
    const caches = new StartRuleCaches();
    registerFlowsHandlers(ctx.router, flows, new FlowCampaignsService(ctx.db, connectionExists, (companyId) => caches.phrasesChanged(companyId)));
    registerFlowDraftsHandlers(ctx.router, new FlowDraftsService(ctx.db));
    registerCounterHandlers(ctx.router, ctx.db);
    ctx.services.require("queues.registerReference")("flow", { exists: (companyId, id) => flows.exists(companyId, id) });

    const runtime = new FlowRuntime(ctx);
    ctx.services.require("automation.registerHandOver")(runtime.provider());
    ctx.jobs.define<ResumePayload>(RESUME_JOB, ({ companyId, payload }) => runtime.resume(companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });
    ctx.jobs.define<AnswerPayload>(ANSWER_JOB, ({ companyId, payload }) => runtime.answer(companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });
    ctx.jobs.define<TakeoverPayload>(TAKEOVER_JOB, ({ companyId, payload }) => runtime.takeover(companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });

    const startHandOver = ctx.services.require("automation.startHandOver");
    const afterInbound = ctx.services.require("tickets.afterInbound");
    afterInbound(phraseRule(startHandOver, caches), { priority: INBOUND_PRIORITY.phrase });
    afterInbound(connectionRule(startHandOver, caches), { priority: INBOUND_PRIORITY.connection });
    ctx.bus.on("connections.whatsapp.updated", ({ whatsappId }) => caches.connectionChanged(whatsappId));
    ctx.bus.on("connections.whatsapp.deleted", ({ whatsappId }) => caches.connectionChanged(whatsappId));
    // Takeover rule: a message of ours that is not the bot's, from the phone (a new fromMe
    // message the channel reports) or from the app and the API (an attendant's, after commit).
    afterInbound(takeoverStep(ctx.jobs), { priority: INBOUND_PRIORITY.handler + 10 });
    ctx.bus.on("tickets.message.created", takeoverEvent(ctx.jobs));
  },
});
