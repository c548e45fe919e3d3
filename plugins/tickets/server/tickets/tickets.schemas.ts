import { z } from "@hono/zod-openapi";
import { BoolLike, pathId } from "../../../../core/http/schemas.ts";
import { SPEC_CHANNELS } from "../../../connections/server/connections.contract.ts";
import { TICKET_LOG_TYPES } from "../../schema/tables.ts";
import { TICKET_STATUS_VALUES } from "../../shared/ticket-types.ts";

/** Zod/OpenAPI schemas of the ticket routes: the single source of shared/ticket-types.ts (inferred there). */

/** A tag, user or queue as a ticket names it. */
export const TagChipSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
const Chip = TagChipSchema;

/** The contact as a ticket shows it. */
export const TicketContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string().openapi({ description: "LGPD-masked for plain users when lgpdHideNumber is enabled" }),
  email: z.string(),
  urlPicture: z.string(),
  disableBot: z.boolean(),
  isGroup: z.boolean(),
  active: z.boolean().openapi({ description: "false: the contact is blocked" }),
  acceptAudioMessage: z.boolean(),
  channel: z.string(),
});

export const TicketSchema = z
  .object({
    id: z.number(),
    uuid: z.string(),
    status: z.enum(TICKET_STATUS_VALUES),
    contactId: z.number(),
    contact: TicketContactSchema,
    userId: z.number().nullable(),
    user: Chip.nullable(),
    queueId: z.number().nullable(),
    queue: Chip.nullable(),
    whatsappId: z.number(),
    whatsapp: z.object({ id: z.number(), name: z.string(), channel: z.enum(SPEC_CHANNELS), channelKind: z.string(), groupAsTicket: z.enum(["enabled", "disabled"]) }).nullable(),
    channel: z.enum(SPEC_CHANNELS).openapi({ description: "The spec's channel (facebook, whatsapp, whatsappapi, instagram); an API-channel ticket answers whatsapp" }),
    channelKind: z.string().openapi({ description: "The driver carrying the ticket: the spec's channels, or api (the API channel)" }),
    lastMessage: z.string(),
    unreadMessages: z.number(),
    isBot: z.boolean().openapi({ description: "The chatbot is talking with the customer (holder bot)" }),
    isGroup: z.boolean(),
    useIntegration: z.boolean().openapi({ description: "A hand-over handler (integration, flow, AI prompt…) holds the conversation" }),
    integrationId: z.number().nullable().openapi({ description: "The queue integration holding the conversation (holder integration:<id>), else null" }),
    promptId: z.number().nullable().openapi({ description: "The AI prompt holding the conversation (holder prompt:<id>), else null" }),
    holder: z.string().nullable().openapi({
      description: "Who holds the conversation: null (nobody: new, or waiting in a queue), bot, attendant, or a hand-over handler <kind>:<ref> (integration:4, flow:12, prompt:3)",
    }),
    amount: z.number(),
    tags: z.array(Chip),
    userRating: z
      .object({ rate: z.number().openapi({ description: "1..5, as the list's emoji shows it" }), score: z.number().openapi({ description: "The customer's NPS answer, 0..10" }) })
      .nullable()
      .openapi({ description: "The customer's rating once rated (status nps asks it); null until then" }),
    createdAt: z.string(),
    acceptedAt: z
      .string()
      .nullable()
      .openapi({ description: "When an attendant first took the ticket (open or group with a user); null until then. Wait time: acceptedAt - createdAt" }),
    closedAt: z
      .string()
      .nullable()
      .openapi({ description: "When the ticket was last resolved (closed, or sent to its rating: status nps); null while live. Support time: closedAt - acceptedAt" }),
    updatedAt: z.string(),
  })
  .openapi("Ticket");

export const TicketPage = z
  .object({
    tickets: z.array(TicketSchema),
    count: z.number().openapi({
      description:
        "How many tickets match. Exact, except for a search inside messages (searchOnMessages with a word), counted up to 10,000 (or past the page asked for): beyond that it answers that cap.",
    }),
    hasMore: z.boolean().openapi({ description: "Whether a next page exists (always exact, whatever the count)" }),
  })
  .openapi("TicketPage");

/** A query parameter carrying a JSON array (`queueIds=[1,2]`); malformed -> 400 ERR_VALIDATION. */
function jsonArray<T extends z.ZodType>(item: T, description: string) {
  return z
    .string()
    .optional()
    .transform((raw, ctx): z.output<T>[] => {
      if (raw === undefined || raw.trim() === "") return [];
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: "custom", message: "Invalid JSON array" });
        return z.NEVER;
      }
      const parsed = z.array(item).max(500, "Too Long!").safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "Invalid JSON array" });
        return z.NEVER;
      }
      return parsed.data;
    })
    .openapi({ type: "string", description, example: "[1,2]" });
}

const idItem = z.coerce.number().int().positive();
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid date")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "Invalid date")
  .optional();
const flag = z
  .enum(["true", "false"])
  .optional()
  .transform((v) => v === "true");

export const TicketListQuerySchema = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
  tags: jsonArray(idItem, "JSON array of tag ids"),
  users: jsonArray(idItem, "JSON array of user ids (admins only)"),
  status: z.enum(["open", "pending", "group", "closed", "nps", "lgpd", "search"]).optional().default("open"),
  date: day.openapi({ description: "YYYY-MM-DD: tickets created that day" }),
  updatedAt: day.openapi({ description: "YYYY-MM-DD: tickets updated that day" }),
  showAll: flag,
  // 0 ("no queue") is accepted from older clients and means nothing: tickets without a
  // queue always pass the queue filter when the caller may see them.
  queueIds: jsonArray(z.coerce.number().int().nonnegative(), "JSON array of queue ids (tickets without a queue always pass)"),
  withUnreadMessages: flag,
  whatsapps: jsonArray(idItem, "JSON array of connection ids"),
  statusFilter: jsonArray(z.enum(TICKET_STATUS_VALUES), "JSON array of statuses"),
  sortTickets: z.enum(["ASC", "DESC"]).optional().default("DESC"),
  searchOnMessages: flag,
});
export type TicketListParams = z.output<typeof TicketListQuerySchema>;

export const UuidParam = z.object({
  uuid: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "uuid", in: "path" } }),
});
export const TicketIdParam = z.object({
  ticketId: pathId("ticketId"),
});

const optionalId = z.union([z.number().int().positive(), z.null()]).optional();

export const TicketCreateBody = z
  .object({
    contactId: z.coerce.number({ message: "Required" }).int().positive(),
    queueId: z.coerce.number().int().positive().nullable().optional(),
    whatsappId: z.coerce.number().int().positive().nullable().optional(),
    userId: z.coerce.number().int().positive().nullable().optional(),
    status: z.enum(TICKET_STATUS_VALUES).optional(),
    // Sent by the web; the company always comes from the session.
    companyId: z.unknown().optional(),
  })
  .openapi("TicketCreate");

export const TicketUpdateSchema = z
  .object({
    status: z.enum(TICKET_STATUS_VALUES).optional().openapi({
      description:
        "The transition (spec 000 §4). `nps` resolves with the rating question when userRating is enabled and the connection has a ratingMessage (else it resolves like `closed`). `closed` on an open ticket does the same unless sendFarewellMessage is false, sendRating is false or the ticket already asked its rating once; `closed` on a `pending` or `lgpd` ticket ignores it, on an `nps` one closes it unrated.",
    }),
    userId: optionalId,
    queueId: optionalId,
    // The original transfer dialog sends null for an empty note: a transfer without one.
    msgTransfer: z.string().max(4096, "Too Long!").nullable().optional().openapi({ description: "The attendant's note sent with a transfer; null or empty: none" }),
    isTransfered: BoolLike.optional(),
    sendFarewellMessage: BoolLike.optional(),
    sendRating: BoolLike.optional().openapi({
      description:
        "With status `closed`: false closes without asking the rating (this product's resolve dialog, where the rating is a choice); absent, `closed` asks it as the original clients expect.",
    }),
    amountUsedBotQueues: z.number().int().min(0).optional(),
    useIntegration: BoolLike.optional(),
  })
  .openapi("TicketUpdate");
export type TicketUpdateInput = z.output<typeof TicketUpdateSchema>;

export const CloseAllBody = z
  .object({
    status: z.enum(["open", "pending", "group"], { message: "Invalid status" }),
    selectedQueueIds: z.array(z.coerce.number().int().positive()).max(500).optional().default([]),
  })
  .openapi("TicketCloseAll");

export const TicketLogSchema = z
  .object({
    id: z.number(),
    type: z.string().openapi({ description: TICKET_LOG_TYPES.join(", ") }),
    createdAt: z.string(),
    user: z.object({ id: z.number(), name: z.string() }).nullable(),
    queue: Chip.nullable(),
  })
  .openapi("TicketLog");

export const CloseAllResult = z.object({ closed: z.number() }).openapi("TicketCloseAllResult");
