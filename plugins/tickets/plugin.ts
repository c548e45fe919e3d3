import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Conversations (spec 000 §3, §4, §7), first slice: the tickets, messages and ticket-log
 * tables, the race-safe inbound pipeline (`tickets.receive`) channel drivers feed, and
 * the API channel's inbound endpoint `POST /channels/api/inbound`.
 */
export const manifest = definePlugin({
  id: "tickets",
  dependsOn: ["contacts", "connections"],
});
