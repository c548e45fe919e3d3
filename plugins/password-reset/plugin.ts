import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/** Forgotten password: a 6-digit code sent by e-mail (SMTP from the environment), then a new password. Never tells whether an e-mail has an account. */
export const manifest = definePlugin({
  id: "password-reset",
  errors: {
    ERR_INVALID_RESET_CODE: 400,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
