import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Queues (sectors/departments) of a company with their office hours and chatbot option
 * trees, and which users work which queues. Every signed-in user reads the list
 * (attendants pick queues); only admins change it.
 */
export const manifest = definePlugin({
  id: "queues",
  dependsOn: ["office-hours"],
  errors: {
    ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
    ERR_WAPP_GREETING_REQUIRED: 400,
    ERR_PLAN_LIMIT_QUEUES: 403,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
