import { z } from "@hono/zod-openapi";
import { emptyAsUnset, LooseBool, OptionalRefId } from "../../../../core/http/loose-values.ts";
import { FileField } from "../../../../core/http/schemas.ts";
import { CAMPAIGN_STATUSES } from "../../schema/tables.ts";

/** Largest campaign attachment (as schedules and quick messages: any type). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;

const Named = z.object({ id: z.number(), name: z.string() });
const texts = <K extends string>(prefix: K) => Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`${prefix}${n}`, z.string()])) as Record<`${K}${1 | 2 | 3 | 4 | 5}`, z.ZodString>;

export const Campaign = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    ...texts("message"),
    ...texts("confirmationMessage"),
    mediaPath: z.string().nullable(),
    mediaName: z.string().nullable(),
    mediaUrl: z.string().nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    confirmation: z.boolean(),
    scheduledAt: z.string().nullable().openapi({ description: "ISO-8601 instant it starts at; null: not scheduled" }),
    completedAt: z.string().nullable(),
    contactListId: z.number().nullable(),
    contactList: Named.nullable(),
    tagListId: z.number().nullable(),
    whatsappId: z.number().nullable(),
    whatsapp: Named.nullable(),
    userId: z.number().nullable(),
    queueId: z.number().nullable(),
    statusTicket: z.enum(["closed", "pending", "open"]),
    openTicket: z.enum(["enabled", "disabled"]),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Campaign");

export const CampaignPage = z.object({ records: z.array(Campaign), count: z.number(), hasMore: z.boolean() }).openapi("CampaignPage");

// Spec 002 §5: name 2 to 50 and required; the connection required; a queue when a user is chosen (checked in the service).
const name = z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");
const text = emptyAsUnset(z.string("Invalid value").max(10_000, "Too Long!"));
/** An instant with its offset, or a wall-clock time read in the company's time zone; "" or null: not scheduled. */
const scheduledAt = z
  .preprocess(
    (v) => (v === "" ? null : v),
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/, "Invalid date")
      .nullable(),
  )
  .optional()
  .openapi({ type: "string", description: "ISO-8601; without an offset, the company's local time; empty: not scheduled", example: "2026-12-01T09:30:00-03:00" });
const whatsappId = z
  .any()
  .refine((v) => v !== undefined, "Required")
  .pipe(OptionalRefId)
  .refine((v) => v !== null, "Required")
  .transform((v) => v as number)
  .openapi({ type: "integer", description: "The connection it sends through (required)" });

const optionalFields = {
  ...(Object.fromEntries([1, 2, 3, 4, 5].flatMap((n) => [`message${n}`, `confirmationMessage${n}`]).map((k) => [k, text])) as Record<
    `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`,
    typeof text
  >),
  confirmation: emptyAsUnset(LooseBool),
  scheduledAt,
  contactListId: OptionalRefId.optional(),
  tagListId: OptionalRefId.optional(),
  userId: OptionalRefId.optional(),
  queueId: OptionalRefId.optional(),
  statusTicket: emptyAsUnset(z.enum(["closed", "pending", "open"], "Invalid value")),
  openTicket: emptyAsUnset(z.enum(["enabled", "disabled"], "Invalid value")),
};

/** POST /campaigns; fields not named here (status, completedAt, relations) are ignored. */
export const CampaignInput = z.object({ name, whatsappId, ...optionalFields }).openapi("CampaignInput");
/** PUT /campaigns/{id}: any of the fields. */
export const CampaignPatch = z.object({ name: name.optional(), whatsappId: whatsappId.optional(), ...optionalFields }).openapi("CampaignPatch");
export type CampaignFields = z.infer<typeof CampaignPatch>;

export const CampaignQuery = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});

export const MediaUpload = z.object({ typeArch: z.string().max(50, "Too Long!").optional(), file: FileField }).openapi("CampaignMediaUpload");

/** GET /campaigns/{id}/report: the campaign and its shipping counts (spec 002 §2.4), per message variant too. */
export const CampaignReport = Campaign.extend({
  contacts: z.number().openapi({ description: "Targets: shipping rows once started, else the list's items" }),
  valid: z.number().openapi({ description: "Targets with a valid WhatsApp number (the progress bar's whole)" }),
  delivered: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
  failed: z.number().openapi({ description: "Targets the channel refused for good" }),
  invalid: z.number().openapi({ description: "List items the channel said are not on WhatsApp: skipped" }),
  suppressed: z.number().openapi({ description: "Targets skipped because their number opted out (the suppression list)" }),
  variants: z.array(z.object({ variant: z.number(), sent: z.number(), confirmationsRequested: z.number(), read: z.number(), replied: z.number() })),
}).openapi("CampaignReport");
