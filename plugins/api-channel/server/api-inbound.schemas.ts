import { z } from "@hono/zod-openapi";

/** Standard base64 (RFC 4648 §4), no line breaks: what the API channel's callers send. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The caller's message id: the same id twice is stored once. */
const providerId = z.string("Required").trim().min(1, "Required").max(255, "Too Long!");

export const InboundMedia = z
  .object({
    mimetype: z
      .string("Required")
      .trim()
      .min(1, "Required")
      .max(255, "Too Long!")
      .regex(/^[\w.+-]+\/[\w.+-]+$/, "Invalid mimetype"),
    fileName: z.string("Required").trim().min(1, "Required").max(255, "Too Long!"),
    data: z.string("Required").min(1, "Required").regex(BASE64, "Invalid base64"),
  })
  .openapi("ApiInboundMedia");

export const ApiInboundInput = z
  .object({
    id: providerId,
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

export const API_EVENT_TYPES = ["ack", "edit", "delete"] as const;

/**
 * A later change of a stored message, reported by the integrator: the provider's ack
 * (0 pending … 5 done), the customer's edit (new body) or deletion. `id` is the id the
 * message was delivered with (inbound) or the providerId of our webhook (outbound).
 */
export const ApiEventInput = z
  .object({
    type: z.enum(API_EVENT_TYPES, "Invalid value"),
    id: providerId,
    ack: z.number("Invalid value").int("Invalid value").min(0, "Invalid value").max(5, "Invalid value").optional(),
    body: z.string("Invalid value").max(65_536, "Too Long!").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === "ack" && v.ack === undefined) ctx.addIssue({ code: "custom", message: "Required", path: ["ack"] });
    if (v.type === "edit" && !v.body?.trim()) ctx.addIssue({ code: "custom", message: "Required", path: ["body"] });
  })
  .openapi("ApiEventInput");
export type ApiEventInput = z.infer<typeof ApiEventInput>;

export const ApiEventResult = z
  .object({
    /** False when no stored message has this id (or the change was older than what is stored, e.g. a late ack). */
    applied: z.boolean(),
  })
  .openapi("ApiEventResult");
