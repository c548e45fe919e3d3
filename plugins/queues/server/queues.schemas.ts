import { z } from "@hono/zod-openapi";
import { OfficeHoursDay, OfficeHoursWeek } from "../../office-hours/server/office-hours-schemas.contract.ts";
import { OptionalRefId } from "../../../core/http/loose-values.ts";
import { BoolLike } from "../../../core/http/schemas.ts";
import { COLOR_MAX, COLOR_MIN, QUEUE_NAME_MAX, QUEUE_NAME_MIN, ROTATION_MINUTES } from "../shared/queue-rules.ts";
import { ChatbotOptionInputSchema, ChatbotOptionSchema, checkOption, MAX_SIBLINGS, optionFields, optionWriteShape } from "../shared/chatbot-option.ts";
import { REFERENCE_KINDS } from "../shared/reference-kinds.ts";

/** The option tree's schemas and types live in shared/chatbot-option.ts (written once for the server, the web and the bot). */
export { ChatbotOptionInputSchema, ChatbotOptionSchema, type ChatbotOption, type ChatbotOptionInput } from "../shared/chatbot-option.ts";

/** Forms send "" for "none": it means null here. */
const blankAsNull = (v: unknown) => (v === "" ? null : v);
/** An optional reference to another record (a queue, a user, an integration, a file list). */
const refId = OptionalRefId;
const message = z.string("Invalid value").max(5000, "Too Long!");

const queueName = z.string("Required").trim().min(1, "Required").min(QUEUE_NAME_MIN, "Too Short!").max(QUEUE_NAME_MAX, "Too Long!");
const color = z.string("Required").trim().min(1, "Required").min(COLOR_MIN, "Too Short!").max(COLOR_MAX, "Too Long!");
const orderQueue = z.preprocess(blankAsNull, z.coerce.number("Invalid value").int("Invalid value").min(0, "Invalid value").max(100000, "Invalid value").nullable());
const rotationMessage = `Must be one of ${ROTATION_MINUTES.join(", ")}`;
/**
 * Rotation minutes, as a number or digits. 0 is what the spec's form sends while rotation
 * is off, "" what the original client's form sends then (issue 32): either switches rotation
 * off (the service keeps the stored minutes), so both are refused with `ativarRoteador: true`.
 */
const tempoRoteador = z
  .preprocess((v) => (v === "" ? 0 : typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v), z.number("Invalid value"))
  .refine((v) => v === 0 || (ROTATION_MINUTES as readonly number[]).includes(v), rotationMessage)
  .openapi({ description: `Minutes: ${ROTATION_MINUTES.join(", ")}; 0 or "" means rotation off` });
/** Rotation switched on needs real minutes. */
function checkRotation(v: { ativarRoteador?: boolean; tempoRoteador?: number }, ctx: z.RefinementCtx) {
  if (v.ativarRoteador === true && v.tempoRoteador === 0) ctx.addIssue({ code: "custom", path: ["tempoRoteador"], message: rotationMessage });
}

/** One weekday with two shifts: the office-hours plugin's schema. */
export const QueueScheduleSchema = OfficeHoursDay;
const week = OfficeHoursWeek;

const queueFields = {
  name: queueName,
  color,
  orderQueue,
  greetingMessage: message,
  outOfHoursMessage: message,
  closeTicket: BoolLike,
  ativarRoteador: BoolLike,
  tempoRoteador,
  integrationId: refId,
  fileListId: refId,
  schedules: week,
  chatbots: z.array(ChatbotOptionInputSchema).max(MAX_SIBLINGS, "Too many options"),
};

export const QueueInput = z
  .object({
    name: queueFields.name,
    color: queueFields.color,
    orderQueue: orderQueue.optional().default(null),
    greetingMessage: message.optional().default(""),
    outOfHoursMessage: message.optional().default(""),
    closeTicket: BoolLike.optional().default(false),
    ativarRoteador: BoolLike.optional().default(false),
    tempoRoteador: tempoRoteador.optional().default(2),
    integrationId: refId.optional().default(null),
    fileListId: refId.optional().default(null),
    /** Omitted: the spec's default week. */
    schedules: week.optional(),
    /** The first level of the option tree, each with its nested steps. */
    chatbots: queueFields.chatbots.optional().default([]),
  })
  .superRefine(checkRotation)
  .openapi("QueueInput");
export type QueueInput = z.infer<typeof QueueInput>;

/** A change: every field optional. `chatbots`, when sent, is the whole tree (kept ids are updated, others created, missing ones removed). */
export const QueuePatch = z
  .object(Object.fromEntries(Object.entries(queueFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof queueFields]: z.ZodOptional<(typeof queueFields)[K]> })
  .superRefine(checkRotation)
  .openapi("QueuePatch");
export type QueuePatch = z.infer<typeof QueuePatch>;

/** POST /chatbot: a new option under a queue's first level (`queueId`) or under another option (`parentId`). */
export const ChatbotCreate = z
  .object({
    queueId: refId.optional().default(null),
    parentId: refId.optional().default(null),
    ...optionWriteShape,
    options: z.array(ChatbotOptionInputSchema).max(MAX_SIBLINGS, "Too many options").optional().default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.queueId && !v.parentId) ctx.addIssue({ code: "custom", path: ["queueId"], message: "Required" });
    checkOption(v, ctx);
  })
  .openapi("ChatbotCreate");
export type ChatbotCreate = z.infer<typeof ChatbotCreate>;

/** PUT /chatbot/{id}: changed fields; `options`, when sent, is the option's whole subtree. */
export const ChatbotPatch = z
  .object({
    ...(Object.fromEntries(Object.entries(optionFields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof optionFields]: z.ZodOptional<(typeof optionFields)[K]> }),
    options: z.array(ChatbotOptionInputSchema).max(MAX_SIBLINGS, "Too many options").optional(),
  })
  .openapi("ChatbotPatch");
export type ChatbotPatch = z.infer<typeof ChatbotPatch>;

export const QueueSummary = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    color: z.string(),
    orderQueue: z.number().nullable(),
    greetingMessage: z.string(),
    outOfHoursMessage: z.string(),
    closeTicket: z.boolean(),
    ativarRoteador: z.boolean(),
    tempoRoteador: z.number(),
    integrationId: z.number().nullable(),
    fileListId: z.number().nullable(),
    schedules: z.array(QueueScheduleSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("QueueSummary");

export const Queue = QueueSummary.extend({ chatbots: z.array(ChatbotOptionSchema) }).openapi("Queue");

/** What the session user and user answers carry about a user's queues. */
export const UserQueue = z.object({ id: z.number(), name: z.string(), color: z.string() }).openapi("UserQueue");

/** GET /queues/reference-kinds. */
export const ReferenceKinds = z.object({ kinds: z.array(z.enum(REFERENCE_KINDS)) }).openapi("ReferenceKinds");
