import { isAdmin } from "../../core/auth/permissions.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Conversations (spec 000 §3, §4, §5, §7): tickets, messages, ticket logs, notes and
 * ticket tags; the race-safe inbound pipeline (`tickets.receive`) and the channel driver
 * contract (channel-driver.contract.ts) every channel plugin implements; the workspace
 * page at /tickets.
 */
export const manifest = definePlugin({
  id: "tickets",
  dependsOn: ["contacts", "connections", "queues", "tags"],
  permissions: {
    // Spec 000 §6: deleting a ticket is for admins; the show-all toggle for admins and allUserChat users.
    "ticket-options:deleteTicket": isAdmin,
    "tickets-manager:showall": (u) => isAdmin(u) || u.allUserChat === "enabled",
  },
});
