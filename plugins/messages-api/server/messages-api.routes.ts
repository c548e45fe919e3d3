import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { SendHeaders, SendMediaBody, SendResult, SendTextBody } from "./messages-api.schemas.ts";

const route = routeFactory(manifest);

/** The OpenAPI security scheme of the connection token (the kernel's `bearer` is a user's JWT). */
export const CONNECTION_TOKEN_SCHEME = "connectionToken";

/**
 * "public" for the user guard: the bearer credential is a connection's token, checked (with
 * the company's state, the plan and the rate) by `requireSender` before the body is read.
 */
export const send = route({
  method: "post",
  path: "/api/messages/send",
  access: "public",
  security: [{ [CONNECTION_TOKEN_SCHEME]: [] }],
  description:
    "Sends a text (JSON) or one or more files (multipart, field `medias`: one message per file, the body with the first) to `number` through the token's connection. The contact is found or created; the message is stored on its ticket on that connection (a new ticket opens with userId/queueId when given, else is kept closed as history), signed when sendSignature, the ticket closed after sending when closeTicket, and delivered through the connection's paced delivery lane. With `Idempotency-Key`, the same key within 24 hours answers the first result and sends nothing. Rate limited per connection (MESSAGES_API_RATE per second, burst MESSAGES_API_BURST).",
  request: {
    headers: SendHeaders,
    body: { content: { "application/json": { schema: SendTextBody }, "multipart/form-data": { schema: SendMediaBody } }, required: false },
  },
  responses: {
    202: json(SendResult, "Stored and queued for delivery"),
    400: errorResponse(
      "ERR_VALIDATION (fields.number: digits only; fields.body/medias: Required; fields.queueId), ERR_WAPP_NOT_INITIALIZED (the connection is not connected), ERR_WAPP_INVALID_CONTACT (the number is not on WhatsApp)",
    ),
    401: errorResponse("ERR_SESSION_EXPIRED (no bearer token) or ERR_INVALID_API_TOKEN (not a connection's token, or regenerated since)"),
    402: errorResponse("ERR_SUBSCRIPTION_EXPIRED: the company is overdue"),
    403: errorResponse("ERR_COMPANY_INACTIVE or ERR_PLAN_FEATURE_DISABLED (the plan lacks useExternalApi)"),
    404: errorResponse("ERR_NO_USER_FOUND: userId is not a user of the connection's company"),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE: a file over the download limit"),
    422: errorResponse("ERR_IDEMPOTENCY_KEY_REUSED: the key was used for a different request"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS: over the connection's rate; see Retry-After (seconds)"),
  },
});
