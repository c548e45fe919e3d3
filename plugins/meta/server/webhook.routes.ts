import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";

const route = routeFactory(manifest);

export const VerifyQuery = z.object({
  "hub.mode": z.string().optional().openapi({ example: "subscribe" }),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().max(200).optional().openapi({ example: "1158201444" }),
});

/** Meta's subscription check: the challenge comes back as plain text when the verify token matches. */
export const verify = route({
  method: "get",
  path: "/channels/meta/webhook",
  access: "public",
  summary: "Meta webhook verification (hub.challenge)",
  request: { query: VerifyQuery },
  responses: {
    200: { description: "hub.challenge, as text/plain", content: { "text/plain": { schema: z.string() } } },
    403: errorResponse("ERR_INVALID_TOKEN: wrong mode or verify token, or META_VERIFY_TOKEN not configured"),
  },
});

/**
 * Deliveries from Meta. The body is NOT declared for validation: the signature is over
 * the raw bytes, which must be read untouched before any parsing.
 */
export const deliver = route({
  method: "post",
  path: "/channels/meta/webhook",
  access: "public",
  summary: "Meta webhook deliveries (Messenger, Instagram, WhatsApp Cloud API)",
  description:
    "Body: Meta's webhook JSON (`object` page | instagram | whatsapp_business_account, `entry[]`). Header `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(raw body, META_APP_SECRET)>` is required. Answers 200 once the signature is valid, also for accounts no connection links; 500 when storing failed (Meta retries; deliveries are idempotent).",
  responses: {
    200: json(z.object({ received: z.boolean() }), "Processed"),
    403: errorResponse("ERR_INVALID_TOKEN: missing or wrong X-Hub-Signature-256, or META_APP_SECRET not configured"),
  },
});
