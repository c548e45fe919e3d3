import { z } from "@hono/zod-openapi";
import { OfficeHoursDay, OfficeHoursWeek } from "../../office-hours/server/office-hours-schemas.contract.ts";
import { offWhenNull, OptionalRefId } from "../../../core/http/loose-values.ts";
import { BoolLike, FileField } from "../../../core/http/schemas.ts";
import { CHANNELS, isHttpUrl, NAME_MAX, NAME_MIN, SPEC_CHANNELS, STATUSES } from "../shared/connection-rules.ts";

/** Forms send "" for "none": it means null here. */
const blankAsNull = (v: unknown) => (v === "" ? null : v);
/** An optional reference to another record (a queue, an integration, a prompt, a flow). */
const refId = OptionalRefId;
/** The import switches: spec clients send null while import was never set up, meaning off. */
const importFlag = offWhenNull(BoolLike);
/** Minutes, hours or counts the forms send as numbers or numeric strings; "" is 0. */
const amount = z.preprocess((v) => (v === "" || v === null ? 0 : v), z.coerce.number("Invalid value").int("Invalid value").min(0, "Invalid value").max(1_000_000, "Invalid value"));
const message = z.string("Invalid value").max(5000, "Too Long!");
const url = z
  .string("Invalid URL")
  .trim()
  .max(2000, "Too Long!")
  .refine((v) => v === "" || isHttpUrl(v), "Invalid URL");
/** A date or date-time; stored as the ISO text it parses to. null/"" clear it. */
const dateTime = z.preprocess(
  blankAsNull,
  z
    .string("Invalid date")
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), "Invalid date")
    .transform((v) => new Date(v).toISOString())
    .nullable(),
);
/** A calendar day (YYYY-MM-DD); a date-time is cut to its day. */
const day = z.preprocess(
  blankAsNull,
  z
    .string("Invalid date")
    .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v.slice(0, 10))), "Invalid date")
    .transform((v) => v.slice(0, 10))
    .nullable(),
);

/** One weekday with two shifts: the office-hours plugin's schema. */
export const OfficeHoursSchema = OfficeHoursDay;
const week = OfficeHoursWeek;

const name = z.string("Required").trim().min(1, "Required").min(NAME_MIN, "Too Short!").max(NAME_MAX, "Too Long!");

/** Every field a form may change; status, number, qrcode, retries and token are not among them. */
const settingsFields = {
  isDefault: BoolLike,
  provider: z.string("Invalid value").trim().min(1, "Required").max(30, "Too Long!"),
  webhookUrl: url,
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  inactiveMessage: message,
  maxUseBotQueues: amount,
  timeUseBotQueues: amount,
  timeSendQueue: amount,
  sendIdQueue: refId,
  expiresTicket: amount,
  whenExpiresTicket: z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.enum(["0", "1"], "Invalid value")),
  expiresTicketNPS: amount,
  maxUseBotQueuesNPS: amount,
  expiresInactiveMessage: message,
  timeInactiveMessage: amount,
  timeCreateNewTicket: amount,
  allowGroup: BoolLike,
  groupAsTicket: z.enum(["disabled", "enabled"], "Invalid value"),
  integrationId: refId,
  promptId: refId,
  flowIdWelcome: refId,
  flowIdNotPhrase: refId,
  enableImportMessage: importFlag,
  importRecentMessages: dateTime,
  importOldMessages: dateTime,
  importOldMessagesGroups: importFlag,
  closedTicketsPostImported: importFlag,
  queueIdImportMessages: refId,
  collectiveVacationStart: day,
  collectiveVacationEnd: day,
  collectiveVacationMessage: message,
  privacyLink: url,
  privacyGreeting: message,
  hideDeletedMessages: BoolLike,
  alwaysAskConfirmation: BoolLike,
  schedules: week,
  queueIds: z.array(z.coerce.number("Invalid value").int("Invalid value").positive("Invalid value"), "Invalid value").max(200, "Too many queues"),
};

const optional = Object.fromEntries(Object.entries(settingsFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof typeof settingsFields]: z.ZodOptional<(typeof settingsFields)[K]>;
};

export const ConnectionInput = z
  .object({
    name,
    channel: z.enum(CHANNELS, "Invalid value").optional().default("whatsapp"),
    /** Only the super user's choice counts (the /allConnections per-company dialog); ignored for everyone else. */
    companyId: z.coerce.number("Invalid value").int("Invalid value").positive("Invalid value").optional(),
    ...optional,
  })
  .openapi("ConnectionInput");
export type ConnectionInput = z.infer<typeof ConnectionInput>;

/** The channel is fixed at creation: a WhatsApp number does not become an Instagram account. */
export const ConnectionPatch = z.object({ name: name.optional(), ...optional }).openapi("ConnectionPatch");
export type ConnectionPatch = z.infer<typeof ConnectionPatch>;

export const ConnectionQueue = z.object({ id: z.number(), name: z.string(), color: z.string() }).openapi("ConnectionQueue");

export const Connection = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    channel: z.enum(SPEC_CHANNELS).openapi({ description: "The spec's channel; the API channel answers whatsapp (see channelKind)" }),
    channelKind: z.enum(CHANNELS).openapi({ description: "The driver carrying the connection: the spec's channels, or api (the API channel)" }),
    status: z.enum(STATUSES),
    number: z.string(),
    qrcode: z.string(),
    retries: z.number(),
    isDefault: z.boolean(),
    token: z.string().optional().openapi({ description: "Only for holders of connections-page:addConnection" }),
    provider: z.string(),
    webhookUrl: z.string(),
    greetingMessage: z.string(),
    greetingMediaAttachment: z.string().nullable(),
    schedules: z.array(OfficeHoursSchema),
    queues: z.array(ConnectionQueue),
    queueIds: z.array(z.number()),
    updatedAt: z.string(),
  })
  .passthrough()
  .openapi("Connection");

export const ListQuery = z.object({
  /** Sent by the spec's clients; sessions are not listed separately, so it is ignored. */
  session: z.string().optional(),
  /** Sent by the spec's clients; the company always comes from the token. */
  companyId: z.string().optional(),
});

export const FilterQuery = ListQuery.extend({ channel: z.enum(CHANNELS, "Invalid value").optional() });

export const MediaForm = z.object({ file: FileField }).openapi("ConnectionMediaUpload");
