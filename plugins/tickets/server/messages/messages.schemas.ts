import { z } from "@hono/zod-openapi";
import { LooseBool } from "../../../../core/http/loose-values.ts";
import { BoolLike, FileField, pathId } from "../../../../core/http/schemas.ts";
import { TicketSchema } from "../tickets/tickets.schemas.ts";

/** Zod/OpenAPI schemas of the message routes: the single source of shared/ticket-types.ts (inferred there). */

export const QuotedMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  isDeleted: z.boolean(),
  contact: z.object({ id: z.number(), name: z.string() }).nullable(),
});

export const MessageSchema = z
  .object({
    id: z.number(),
    ticketId: z.number(),
    providerId: z.string().openapi({ description: "The provider's id (WhatsApp key id, the API channel's id …)" }),
    body: z.string(),
    fromMe: z.boolean(),
    mediaType: z.string().openapi({ description: "chat, image, audio, video, application, locationMessage, contactMessage, listMessage, interactiveMessage, reactionMessage …" }),
    mediaUrl: z.string().nullable(),
    // The drivers' MessageAck as an enum so OpenAPI lists the values (a union of literals documents poorly).
    ack: z
      .enum({ pending: 0, sent: 1, delivered: 2, read: 3, played: 4, done: 5 })
      .openapi({ description: "0 pending, 1 sent, 2 delivered, 3 and 4 read (4: played audio), 5 done" }),
    isDeleted: z.boolean(),
    deletedBy: z.enum(["me", "contact"]).nullable().openapi({ description: "contact: the customer deleted it" }),
    isEdited: z.boolean(),
    isForwarded: z.boolean(),
    isPrivate: z.boolean(),
    quotedMsgId: z.number().nullable(),
    quotedMsg: QuotedMessageSchema.nullable(),
    contact: z.object({ id: z.number(), name: z.string(), urlPicture: z.string() }).nullable().openapi({ description: "The customer (inbound); null on fromMe messages" }),
    userId: z.number().nullable().openapi({ description: "The attendant who wrote it (outbound from the app)" }),
    queueId: z.number().nullable(),
    participant: z.string().nullable(),
    dataJson: z.string().nullable().openapi({ description: "Structured content (JSON text) for location, vCard, list, buttons, PIX, reaction" }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ChatMessage");

export const MessageListSchema = z
  .object({
    messages: z.array(MessageSchema),
    ticket: TicketSchema,
    // Nothing is counted (the page reads one row past its end): a lower bound, exact on the last page.
    count: z.number().openapi({ description: "Messages known up to this page (one more when hasMore); exact on the last page, 0 past the end" }),
    hasMore: z.boolean(),
  })
  .openapi("MessageList");

export const TicketUuidParam = z.object({
  ticketUuid: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "ticketUuid", in: "path" } }),
});
export const TicketIdParam = z.object({
  ticketId: pathId("ticketId", "invalid ticket ID"),
});
export const MessageIdParam = z.object({
  messageId: pathId("messageId"),
});

/** `selectedQueues=[1,2]` (JSON array of queue ids); malformed -> 400 naming the field. */
const queueIds = z
  .string()
  .max(2000, "Too Long!")
  .optional()
  .transform((raw, ctx): number[] => {
    if (raw === undefined || raw.trim() === "") return [];
    try {
      const parsed = z.array(z.coerce.number().int().positive()).max(500).safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {}
    ctx.addIssue({ code: "custom", message: "Invalid JSON array" });
    return z.NEVER;
  })
  .openapi({ type: "string", example: "[1,2]", description: "JSON array of queue ids: older tickets' messages only from these queues" });

export const MessageListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  selectedQueues: queueIds,
});

const body = z.string().max(65536, "Too Long!");
const VCard = z.object({
  name: z.string().trim().min(1, "Required").max(250, "Too Long!"),
  number: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{8,50}$/, "Invalid number"),
});

/** POST /messages/{ticketId} as JSON (spec 000 §7). */
export const SendJsonBody = z
  .object({
    body: body.optional().default(""),
    /** The id of the message answered. */
    quotedMsg: z.union([z.coerce.number().int().positive(), z.object({ id: z.coerce.number().int().positive() }).transform((q) => q.id), z.null()]).optional(),
    // Spec clients send `read: 1` and `isPrivate: "false"`.
    isPrivate: LooseBool.optional().default(false),
    vCard: VCard.nullable().optional(),
    read: LooseBool.optional().default(false),
    fromMe: BoolLike.optional().openapi({ description: "Accepted for older clients; messages sent here are always fromMe" }),
    mediaUrl: z.string().max(500, "Too Long!").nullable().optional().openapi({ description: "A file already stored for the company (/public/company{id}/…)" }),
    signMessage: BoolLike.optional().default(false).openapi({ description: "Prefix the attendant's name in bold (only when sendSignMessage is enabled)" }),
  })
  .openapi("SendMessage");

/** POST /messages/{ticketId} as multipart: one message per file in `medias`. */
export const SendFormBody = z
  .object({
    body: body.optional().default(""),
    isPrivate: BoolLike.optional().default(false),
    fromMe: BoolLike.optional(),
    signMessage: BoolLike.optional().default(false),
    quotedMsg: z.coerce.number().int().positive().optional(),
    medias: z
      .union([FileField, z.array(FileField).min(1, "Required").max(20, "Too Long!")])
      .optional()
      .openapi({ type: "array", items: { type: "string", format: "binary" } }),
  })
  .openapi("SendMessageMedia");

export const EditBody = z.object({ body: z.string().trim().min(1, "Required").max(65536, "Too Long!") }).openapi("EditMessage");

export const ForwardBody = z
  .object({
    messageId: z.coerce.number({ message: "Required" }).int().positive(),
    contactId: z.coerce.number({ message: "Required" }).int().positive(),
    signMessage: BoolLike.optional().default(false),
  })
  .openapi("ForwardMessage");

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Invalid date");
export const AllMeQuery = z.object({
  fromMe: z
    .enum(["true", "false"])
    .optional()
    .default("true")
    .transform((v) => v === "true"),
  dateStart: day.optional(),
  dateEnd: day.optional(),
});

export const CountSchema = z.object({ count: z.number() }).openapi("MessageCount");
export const TranscriptionSchema = z.object({ transcribedText: z.string() }).openapi("Transcription");
export const FileParam = z.object({
  file: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "file", in: "path" }, example: "abc.ogg" }),
});
