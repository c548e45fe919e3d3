import { z } from "@hono/zod-openapi";
import { emptyAsUnset, LooseBool, OptionalRefId } from "../../../core/http/loose-values.ts";
import { FileField, nonEmptyPatch } from "../../../core/http/schemas.ts";
import { SCHEDULE_STATUSES } from "../schema/tables.ts";

/** Largest attachment of a schedule (as quick messages: any type). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

const Named = z.object({ id: z.number(), name: z.string() });

export const Schedule = z
  .object({
    id: z.number(),
    companyId: z.number(),
    contactId: z.number(),
    userId: z.number().nullable().openapi({ description: "The creator" }),
    body: z.string(),
    sendAt: z.string().openapi({ description: "ISO-8601 instant of the next (or last) occurrence" }),
    sentAt: z.string().nullable().openapi({ description: "When it was last sent; the dialog is read-only once set" }),
    status: z.enum(SCHEDULE_STATUSES).openapi({ description: "PENDENTE waiting, ENVIADA done, ERRO the last attempt failed (see lastError)" }),
    openTicket: z.enum(["enabled", "disabled"]),
    ticketUserId: z.number().nullable(),
    queueId: z.number().nullable(),
    statusTicket: z.enum(["open", "closed"]),
    whatsappId: z.number().nullable().openapi({ description: "null: the company's default connection" }),
    intervalo: z.number().openapi({ description: "1 days, 2 weeks, 3 months, 4 minutes" }),
    valorIntervalo: z.number(),
    enviarQuantasVezes: z.number(),
    tipoDias: z.number().openapi({ description: "4 as chosen, 5 the business day before, 6 the business day after" }),
    assinar: z.boolean(),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    /** Where the attachment is served (`/public/company{id}/{mediaPath}`), or null. */
    mediaUrl: z.string().nullable(),
    timesSent: z.number(),
    lastError: z.string().nullable(),
    contact: Named,
    user: Named.nullable(),
    ticketUser: Named.nullable(),
    queue: Named.extend({ color: z.string() }).nullable(),
    whatsapp: Named.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Schedule");

export const SchedulePage = z.object({ schedules: z.array(Schedule), count: z.number(), hasMore: z.boolean() }).openapi("SchedulePage");

/** A whole number in a range, also as the digits a form select sends; "" and null mean not given. */
const intIn = (min: number, max: number) =>
  emptyAsUnset(
    z.preprocess(
      (v) => (typeof v === "string" && /^\d{1,6}$/.test(v) ? Number(v) : v),
      z.number("Invalid value").int("Invalid value").min(min, "Invalid value").max(max, "Invalid value"),
    ),
  );
/** One of the listed numbers, also as its digit; "" and null mean not given. */
const digit = (v: unknown) => (typeof v === "string" && /^\d$/.test(v) ? Number(v) : v);
const intervalUnit = emptyAsUnset(z.preprocess(digit, z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], "Invalid value")));
const dayRule = emptyAsUnset(z.preprocess(digit, z.union([z.literal(4), z.literal(5), z.literal(6)], "Invalid value")));

// Spec 000 §5: body required, at least 5 ('Mensagem muito curta'); contactId and sendAt required ('Obrigatório').
const body = z.string().trim().min(1, "Obrigatório").min(5, "Mensagem muito curta").max(10_000, "Too Long!");
const contactId = z
  .any()
  .refine((v) => v !== undefined, "Required")
  .pipe(OptionalRefId)
  .refine((v) => v !== null, "Obrigatório")
  .transform((v) => v as number)
  .openapi({ type: "integer", description: "The company's contact" });
/** An instant with its offset, or a wall-clock time (`2026-12-01T09:30`) read in the company's time zone. */
const sendAt = z
  .string()
  .trim()
  .min(1, "Obrigatório")
  .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/, "Invalid date")
  .openapi({ description: "ISO-8601; without an offset, the company's local time", example: "2026-12-01T09:30:00-03:00" });

const fields = {
  body,
  contactId,
  sendAt,
  openTicket: emptyAsUnset(z.enum(["enabled", "disabled"], "Invalid value")),
  ticketUserId: OptionalRefId.optional(),
  queueId: OptionalRefId.optional(),
  statusTicket: emptyAsUnset(z.enum(["open", "closed"], "Invalid value")),
  whatsappId: OptionalRefId.optional(),
  intervalo: intervalUnit,
  valorIntervalo: intIn(0, 10_000),
  enviarQuantasVezes: intIn(1, 1_000),
  tipoDias: dayRule,
  assinar: emptyAsUnset(LooseBool),
};

/** POST /schedules; fields not named here (sentAt, status, the loaded relations) are ignored. */
export const ScheduleInput = z.object(fields).openapi("ScheduleInput");

export const SchedulePatch = nonEmptyPatch(z.object({ ...fields, body: body.optional(), contactId: contactId.optional(), sendAt: sendAt.optional() })).openapi("SchedulePatch");

/** An ISO-8601 instant with its offset, answered as the same instant in UTC (what `send_at` holds, so text order is time order). */
const instant = z.iso.datetime({ offset: true, message: "Invalid date" }).transform((v) => new Date(v).toISOString());

export const ScheduleQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
  contactId: OptionalRefId.optional().openapi({ description: "Only this contact's schedules" }),
  from: instant.optional().openapi({ description: "Only schedules whose sendAt is at or after this instant (the calendar's first day)" }),
  to: instant.optional().openapi({ description: "Only schedules whose sendAt is before this instant" }),
});

export const MediaUpload = z.object({ file: FileField }).openapi("ScheduleMediaUpload");
