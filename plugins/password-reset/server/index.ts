import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { registerPasswordResetHandlers } from "./password-reset.handlers.ts";
import { PasswordResetService, SEND_CODE_JOB, type SendCodePayload } from "./password-reset.service.ts";

/** Uses the kernel's users table (resetCodeHash, resetCodeExpiresAt): no tables of its own. */
export default defineServerPlugin({
  manifest,
  setup(ctx) {
    const service = new PasswordResetService(ctx.db, ctx.mail, ctx.jobs, ctx.log);
    ctx.jobs.define<SendCodePayload>(SEND_CODE_JOB, ({ payload }) => service.sendCode(payload.email));
    registerPasswordResetHandlers(ctx.router, service);
  },
});
