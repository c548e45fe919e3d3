import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { registerPlansHandlers } from "./plans.handlers.ts";
import { PlansService } from "./plans.service.ts";

/** No tables of its own: `plans` is a kernel table (plan gating reads it on every request). */
export default defineServerPlugin({
  manifest,
  setup(ctx) {
    registerPlansHandlers(ctx.router, new PlansService(ctx.db));
  },
});
