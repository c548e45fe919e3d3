import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { registerPasswordResetHandlers } from "./password-reset.handlers.ts";
import { PasswordResetService } from "./password-reset.service.ts";

/** Uses the kernel's users table (resetCodeHash, resetCodeExpiresAt): no tables of its own. */
export default defineServerPlugin({
  manifest,
  setup(ctx) {
    registerPasswordResetHandlers(ctx.router, new PasswordResetService(ctx.db, ctx.mail, ctx.log));
  },
});
