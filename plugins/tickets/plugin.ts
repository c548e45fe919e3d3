import { isAdmin } from "../../core/auth/permissions.ts";
import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Conversations (spec 000 §3, §4, §5, §7): tickets, messages, ticket logs, notes and
 * ticket tags; the race-safe inbound pipeline (`tickets.receive`, the port declared by the
 * channels plugin's inbound.contract.ts) and the durable delivery of outbound messages to
 * the drivers registered with the channels plugin; the workspace page at /tickets.
 */
export const manifest = definePlugin({
  id: "tickets",
  // users: PUT /users/toggleChangeWidht answers users' User (server/preferences).
  dependsOn: ["channels", "contacts", "connections", "queues", "tags", "users"],
  requires: [
    "channels.driverFor",
    "contacts.get",
    "contacts.findOrCreateStep",
    "contacts.masksNumbersFor",
    "connections.get",
    "connections.default",
    "queues.ofUser",
    "tags.ofContacts",
  ],
  permissions: {
    // Spec 000 §6: deleting a ticket is for admins; the show-all toggle for admins and allUserChat users.
    "ticket-options:deleteTicket": isAdmin,
    "tickets-manager:showall": (u) => isAdmin(u) || u.allUserChat === "enabled",
  },
  errors: {
    ERR_NO_TICKET_FOUND: 404,
    ERR_OTHER_OPEN_TICKET: 409,
    ERR_CREATING_TICKET: 400,
    ERR_CREATING_MESSAGE: 400,
    ERR_SENDING_WAPP_MSG: 400,
    /** A message edit after the 15-minute window (spec 000 §4, §9). */
    ERR_EDIT_WINDOW_EXPIRED: 400,
    /** Facebook, Instagram and the WhatsApp Cloud API accept replies only within 24 hours of the customer's last message. */
    ERR_REPLY_WINDOW_CLOSED: 400,
    /** The channel cannot do this (Meta's channels cannot edit or delete a sent message). */
    ERR_CHANNEL_UNSUPPORTED: 400,
    /** The configured speech-to-text service failed or answered something unexpected. */
    ERR_TRANSCRIPTION_FAILED: 502,
    /** Resolving a ticket while requiredTag is enabled and the contact has no tag (spec 000 §5). */
    ERR_TAG_REQUIRED: 400,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
