import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * WhatsApp through Baileys (`@whiskeysockets/baileys` 7.0.0-rc14): the session layer
 * (pairing by QR or code, keys encrypted in the database, reconnects, a lease so one
 * process drives a number, a watchdog) and the channel driver for connections of channel
 * "whatsapp" (every inbound message kind, outbound sends, acks, history import).
 * Baileys itself is loaded lazily, when the first session starts.
 */
export const manifest = definePlugin({ id: "whatsapp", dependsOn: ["connections", "tickets", "contacts"] });
