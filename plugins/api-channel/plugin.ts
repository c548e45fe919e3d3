import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The API channel: a connection of channel "api" that any system can drive over HTTP.
 * Messages come in at POST /channels/api/inbound (the connection's token is the bearer
 * credential); outbound messages, acks and ticket changes leave as signed JSON webhooks
 * from a durable outbox, with a per-connection delivery log. It is the product's
 * external-API feature: useExternalApi gates its connections.
 */
export const manifest = definePlugin({
  id: "api-channel",
  dependsOn: ["channels", "tickets", "connections"],
  requires: ["channels.registerDriver", "tickets.receive", "tickets.ack", "tickets.providerEdited", "tickets.providerDeleted", "connections.byToken", "connections.get"],
  planFeatures: [{ key: "useExternalApi", label: "api-channel:planFeatures.useExternalApi", default: true }],
});

/** Types the keys declared above (planFlag, `planFeatures.enabled`). */
declare module "../../core/plugin/plan-features.ts" {
  interface PlanFeatures {
    useExternalApi: true;
  }
}
