import { isAdmin } from "../../core/auth/permissions.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Users of a company: the admin list and dialog, avatars, the tickets-panel width and
 * online status. The user-modal rules decide who may change a user's profile, work hours,
 * permission flags (editProfile) and default connection / queues (editQueues).
 */
export const manifest = definePlugin({
  id: "users",
  permissions: {
    "user-modal:editProfile": isAdmin,
    "user-modal:editQueues": isAdmin,
    "users-page:view": isAdmin,
  },
});
