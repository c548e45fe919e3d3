import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Meta's channels: Facebook Messenger ("facebook"), Instagram Direct ("instagram") and the
 * WhatsApp Cloud API ("whatsappapi"). One signed Graph API webhook brings messages, acks
 * and reactions in; the channel drivers send through the Graph API; `POST /facebook` and
 * `POST /channels/whatsappapi` link accounts and create their connections.
 */
export const manifest = definePlugin({
  id: "meta",
  dependsOn: ["channels", "connections", "tickets", "contacts"],
  requires: [
    "channels.registerDriver",
    "tickets.receive",
    "tickets.ack",
    "tickets.providerEdited",
    "tickets.providerDeleted",
    "connections.get",
    "connections.create",
    "connections.setStatus",
    "connections.room",
  ],
  planFeatures: [
    { key: "useFacebook", label: "meta:planFeatures.useFacebook", default: true },
    { key: "useInstagram", label: "meta:planFeatures.useInstagram", default: true },
  ],
});

/** Types the keys declared above (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useFacebook: true;
    useInstagram: true;
  }
}
