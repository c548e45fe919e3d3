import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Inbound automation (issue 13): what happens after a customer's message is stored on a
 * pending or bot ticket — greeting, queue menu, chatbot option trees, office hours,
 * collective vacation, wallets, queue position, redirect and rotation. Its core is a pure
 * decision engine (`server/engine/`); `server/` wires it into the inbound pipeline with
 * durable jobs (README.md). No plan flag: every company gets the behaviour its settings ask for.
 */
export const manifest = definePlugin({
  id: "automation",
  // What the wiring reads and acts through: the ticket and its messages, the connection with
  // its queues and trees, the contact, the company settings and office hours, the drivers.
  dependsOn: ["tickets", "queues", "connections", "contacts", "settings", "office-hours", "companies", "channels"],
  requires: [
    "tickets.afterInbound",
    "tickets.botContext",
    "tickets.botApply",
    "tickets.queuePosition",
    "tickets.assignWaiting",
    "queues.forBot",
    "queues.usersOf",
    "connections.get",
    "connections.queueIds",
    "contacts.get",
    "contacts.recordLgpdConsent",
    "contacts.changed",
    "companies.officeHours",
    "channels.driverFor",
  ],
});
