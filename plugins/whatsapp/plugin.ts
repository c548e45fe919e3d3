import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * WhatsApp through Baileys (`@whiskeysockets/baileys` 7.0.0-rc14): the session layer
 * (pairing by QR or code, keys encrypted in the database, reconnects, a lease so one
 * process drives a number, a watchdog) and the channel driver for connections of channel
 * "whatsapp" (every inbound message kind, outbound sends, acks, history import).
 * Baileys itself is loaded lazily, when the first session starts. Its plan feature,
 * useWhatsapp, also gates Cloud API connections ("whatsappapi", meta plugin): it is the
 * WhatsApp channel as a product feature.
 */
export const manifest = definePlugin({
  id: "whatsapp",
  dependsOn: ["channels", "connections", "tickets", "contacts"],
  requires: [
    "channels.registerDriver",
    "tickets.receive",
    "tickets.ack",
    "tickets.providerEdited",
    "tickets.providerDeleted",
    "tickets.providerMessage",
    "tickets.providerRefreshed",
    "tickets.closeMany",
    "tickets.fillVariables",
    "connections.get",
    "connections.setStatus",
    "connections.ofChannel",
    "contacts.setPicture",
  ],
  planFeatures: [{ key: "useWhatsapp", label: "whatsapp:planFeatures.useWhatsapp", default: true }],
  errors: {
    ERR_WAPP_NOT_INITIALIZED: 400,
    ERR_WAPP_DOWNLOAD_MEDIA: 400,
    // the spec catalogue names these three for WhatsApp; no code path raises them today
    ERR_WAPP_CHECK_CONTACT: 400,
    ERR_DELETE_WAPP_MSG: 400,
    ERR_FETCH_WAPP_MSG: 400,
  },
});

/** Types the keys declared above (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useWhatsapp: true;
  }
}

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
