import { isAdmin } from "../../core/auth/permissions.ts";
import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Users of a company: the admin list and dialog, avatars and
 * online status. The user-modal rules decide who may change a user's profile, work hours,
 * permission flags (editProfile) and default connection / queues (editQueues).
 */
export const manifest = definePlugin({
  id: "users",
  // The user dialog reads and writes a user's queues and default connection through their
  // plugins' optional services (users.service.ts); without them those fields are left alone.
  optionalDependsOn: ["queues", "connections"],
  permissions: {
    "user-modal:editProfile": isAdmin,
    "user-modal:editQueues": isAdmin,
    "users-page:view": isAdmin,
  },
  errors: {
    ERR_PLAN_LIMIT_USERS: 403,
    /** The user's default connection is not the company's (connections declares it too). */
    ERR_NO_WAPP_FOUND: 404,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
