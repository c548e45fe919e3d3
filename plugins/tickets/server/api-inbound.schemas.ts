import { z } from "@hono/zod-openapi";

/** Standard base64 (RFC 4648 §4), no line breaks: what the API channel's callers send. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const InboundMedia = z
  .object({
    mimetype: z.string("Required").trim().min(1, "Required").max(255, "Too Long!").regex(/^[\w.+-]+\/[\w.+-]+$/, "Invalid mimetype"),
    fileName: z.string("Required").trim().min(1, "Required").max(255, "Too Long!"),
    data: z.string("Required").min(1, "Required").regex(BASE64, "Invalid base64"),
  })
  .openapi("ApiInboundMedia");

export const ApiInboundInput = z
  .object({
    /** The caller's message id: the same id twice is stored once. */
    id: z.string("Required").trim().min(1, "Required").max(255, "Too Long!"),
    number: z.string("Required").trim().min(1, "Required").max(64, "Too Long!"),
    name: z.string().trim().max(255, "Too Long!").optional(),
    body: z.string().max(65_536, "Too Long!").optional(),
    media: InboundMedia.optional(),
  })
  .refine((v) => Boolean(v.body?.trim()) || Boolean(v.media), { message: "Body or media required", path: ["body"] })
  .openapi("ApiInboundInput");

export const ApiInboundResult = z
  .object({
    messageId: z.number(),
    ticketId: z.number(),
    ticketUuid: z.string(),
    contactId: z.number(),
    /** True when this id was already stored: nothing new was written. */
    duplicate: z.boolean(),
  })
  .openapi("ApiInboundResult");
