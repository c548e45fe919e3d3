import { z } from "@hono/zod-openapi";
import { BoolLike, FileField } from "../../../core/http/schemas.ts";

/** Country code, area code and number, digits only (spec 002 §5 "API phone number"): no mask, no sign, no spaces. */
const NUMBER_MESSAGE = "Use digits only: country code, area code and number";
const Number_ = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v))
  .pipe(z.string().regex(/^\d{8,20}$/, NUMBER_MESSAGE))
  .openapi({ type: "string", example: "5511987654321", description: NUMBER_MESSAGE });

/** Older clients send ids as numbers or strings, and "" or null for none. */
const optionalId = (description: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .openapi({ type: ["integer", "null"], example: 1, description })
    .transform((v, ctx): number | null => {
      if (v === "" || v == null) return null;
      const n = typeof v === "number" ? v : /^\d{1,15}$/.test(v) ? Number(v) : Number.NaN;
      if (Number.isSafeInteger(n) && n > 0) return n;
      ctx.addIssue({ code: "custom", message: "Invalid id" });
      return z.NEVER;
    });

const Body = z.string().max(65_536, "Too Long!");

const fields = {
  number: Number_,
  body: Body.optional().default("").openapi({ description: "The text; required without medias. Message variables ({{name}}, {{firstName}} …) are filled." }),
  userId: optionalId("Opens a new ticket with this user of the company; the signature's name"),
  queueId: optionalId("Opens a new ticket in this queue of the company"),
  sendSignature: BoolLike.optional().default(false).openapi({ description: "Prefix userId's name in bold (when the company's sendSignMessage setting allows it)" }),
  closeTicket: BoolLike.optional().default(false).openapi({ description: "Close the ticket once the message is stored" }),
  endIntegration: BoolLike.optional().default(false).openapi({
    description:
      "Beyond the spec: when a queue integration (n8n, webhook, Typebot, Dialogflow) holds the contact's ticket, hand it back to its queue's attendants once the message is stored (an n8n flow's last reply)",
  }),
};

/** POST /api/messages/send as JSON (spec 002 §3 "Message API payload", text). */
export const SendTextBody = z.object(fields).openapi("ApiMessageText");

/** The same as multipart/form-data with one or more files in `medias`: one message per file, the body with the first. */
export const SendMediaBody = z
  .object({
    ...fields,
    medias: z
      .union([FileField, z.array(FileField).min(1, "Required").max(10, "Too Long!")])
      .optional()
      .openapi({ type: "array", items: { type: "string", format: "binary" } }),
  })
  .openapi("ApiMessageMedia");

export const SendHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(200, "Too Long!")
    .regex(/^[\x21-\x7e]+$/, "Printable ASCII without spaces")
    .optional()
    .openapi({
      description: "Any unique string (a UUID): the same key within 24 hours answers the first request's result without sending again",
      example: "0b6f3c1e-6a59-4d7e-9d43-2f0c8c1b6a10",
    }),
});

/** 202: stored and queued on the connection's delivery lane; delivery and acks reach the caller through the connection's webhooks. */
export const SendResult = z
  .object({
    messageId: z.number().int().openapi({ description: "The (first) stored message" }),
    ticketId: z.number().int(),
    status: z.literal("queued"),
    messageIds: z.array(z.number().int()).openapi({ description: "Every stored message: one per media (the body goes with the first)" }),
  })
  .openapi("ApiMessageQueued");

export type SendText = z.output<typeof SendTextBody>;
export type SendMedia = z.output<typeof SendMediaBody>;
export type SendResultBody = z.infer<typeof SendResult>;
