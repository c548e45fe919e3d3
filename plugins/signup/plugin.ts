import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/** Public company signup: a 7-day MENSAL trial on a public plan, created through `companies.create`. */
export const manifest = definePlugin({
  id: "signup",
  dependsOn: ["companies"],
  requires: ["companies.create"],
  errors: {
    ERR_USER_CREATION_DISABLED: 403,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
