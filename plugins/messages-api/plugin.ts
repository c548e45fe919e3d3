import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The public messages API (spec 002 §2.18, §3 Message API payload, §7 "Public messages API"):
 * `POST /api/messages/send` with a connection's token as the bearer credential sends a text
 * or media to a number through that connection, exactly once per Idempotency-Key, rate
 * limited per connection; and the `/messages-api` page documents it with two test forms.
 * Gated by the plan flag `useExternalApi`, which the api-channel plugin declares.
 */
export const manifest = definePlugin({
  id: "messages-api",
  dependsOn: ["api-channel", "connections", "contacts", "queues", "tickets"],
  requires: ["connections.byToken", "contacts.findOrCreateStep", "tickets.sendToContactStep", "tickets.closeMany", "tickets.botApply"],
  planFlag: "useExternalApi",
  errors: {
    /** A bearer token that is no connection's (unknown, regenerated since, a user's JWT). 401: an integrator has nothing to refresh. */
    ERR_INVALID_API_TOKEN: 401,
    /** The connection is not CONNECTED (QR code pending, disconnected …): nothing was stored. Same code and status as the whatsapp plugin's. */
    ERR_WAPP_NOT_INITIALIZED: 400,
    /** An Idempotency-Key used within 24 hours for a different request. */
    ERR_IDEMPOTENCY_KEY_REUSED: 422,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
