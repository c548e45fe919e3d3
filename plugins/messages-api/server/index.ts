import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { IdempotencyKeys } from "./idempotency.ts";
import { MessagesApiSender } from "./message-sender.service.ts";
import { registerMessagesApiHandlers } from "./messages-api.handlers.ts";
import { CONNECTION_TOKEN_SCHEME } from "./messages-api.routes.ts";

/** Keys older than 24 hours are swept hourly (a kernel schedule: one node runs each tick). */
const SWEEP_PATTERN = "17 * * * *";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    ctx.router.openAPIRegistry.registerComponent("securitySchemes", CONNECTION_TOKEN_SCHEME, {
      type: "http",
      scheme: "bearer",
      description: "A connection's 30-character token (Connections → edit; regenerating it revokes the old one at once)",
    });
    const keys = new IdempotencyKeys(ctx.db);
    // Per connection token, shared by every process with REDIS_URL (ctx.limits).
    const limiter = ctx.limits.tokenBucket("messages-api", ctx.config.MESSAGES_API_RATE, ctx.config.MESSAGES_API_BURST);
    const sender = new MessagesApiSender({ ...ctx, keys });
    registerMessagesApiHandlers(ctx.router, { services: ctx.services, companyAccess: ctx.companyAccess, planFeatures: ctx.planFeatures, limiter }, sender);
    ctx.jobs.schedule("sweep", SWEEP_PATTERN, async () => {
      await keys.sweep();
    });
  },
});
