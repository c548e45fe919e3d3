import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { registerIntegrationsHandlers } from "./integrations.handlers.ts";
import { IntegrationsService } from "./integrations.service.ts";
import { IntegrationProvider, POST_JOB, SEND_JOB, type PostPayload, type SendPayload } from "./runtime/integration-provider.ts";
import { attendantRules } from "./runtime/attendant-rules.ts";
import { connectionStartRule } from "./runtime/start-rules.ts";

/**
 * Queue integrations: the CRUD routes, the reference kind `integration` (queues, options and
 * connections name them), the hand-over provider of kind `integration`, the connection's
 * start rule, and the jobs of delayed Typebot messages and webhook posts.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const integrations = new IntegrationsService(ctx.db, ctx.vault, ctx.outbound, ctx.realtime, ctx.services.require("queues.forBot"));
    const provider = new IntegrationProvider(ctx, integrations);
    ctx.services.require("queues.registerReference")("integration", { exists: (companyId, id) => integrations.exists(companyId, id) });
    ctx.services.require("automation.registerHandOver")(provider);
    connectionStartRule(ctx);
    attendantRules(ctx);
    ctx.jobs.define<SendPayload>(SEND_JOB, ({ companyId, payload }) => provider.sendLater(companyId ?? 0, payload), { lane: (p) => `ticket:${p.ticketId}` });
    ctx.jobs.define<PostPayload>(POST_JOB, ({ companyId, payload, attempt }) => provider.post(companyId ?? 0, payload, attempt), { lane: (p) => `ticket:${p.ticketId}` });
    registerIntegrationsHandlers(ctx.router, integrations, provider);
  },
});
