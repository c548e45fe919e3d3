import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The API channel: a connection of channel "api" that any system can drive over HTTP.
 * Messages come in at POST /channels/api/inbound (the connection's token is the bearer
 * credential); outbound messages, acks and ticket changes leave as signed JSON webhooks
 * from a durable outbox, with a per-connection delivery log.
 */
export const manifest = definePlugin({ id: "api-channel", dependsOn: ["tickets", "connections"] });
