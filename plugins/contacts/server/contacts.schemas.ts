import { z } from "@hono/zod-openapi";
import { OptionalRefId } from "../../../core/http/loose-values.ts";
import { BoolLike, pathId } from "../../../core/http/schemas.ts";

export const ExtraInfo = z.object({ id: z.number(), name: z.string(), value: z.string() }).openapi("ContactExtraInfo");
export const ContactTag = z.object({ id: z.number(), name: z.string(), color: z.string() }).openapi("ContactTag");

export const Contact = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    number: z.string().openapi({ description: "Digits only; LGPD-masked (e.g. 5511*****4321) for plain users when lgpdHideNumber is enabled" }),
    email: z.string(),
    active: z.boolean().openapi({ description: "false = blocked" }),
    acceptAudioMessage: z.boolean(),
    disableBot: z.boolean(),
    lgpdAcceptedAt: z.string().nullable(),
    urlPicture: z.string(),
    channel: z.string(),
    whatsappId: z.number().nullable(),
    isGroup: z.boolean(),
    walletUserId: z
      .number()
      .nullable()
      .openapi({ description: "The contact's wallet owner: a user of the company who gets its new tickets when DirectTicketsToWallets is enabled" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    extraInfo: z.array(ExtraInfo),
    tags: z.array(ContactTag),
  })
  .openapi("Contact");

export const ContactPage = z.object({ contacts: z.array(Contact), count: z.number(), hasMore: z.boolean() }).openapi("ContactPage");

// Spec 000 §5: name 2–50, number 8–50, e-mail valid.
const name = z.string().trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");
const number = z.string().trim().min(1, "Required").min(8, "Too Short!").max(50, "Too Long!");
const email = z.union([z.literal(""), z.string().trim().toLowerCase().email("Invalid email").max(150, "Too Long!")]);
const extraInfoInput = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, "Required").max(100, "Too Long!"),
  value: z.string().max(1000, "Too Long!").optional().default(""),
});

/** The form's field rules, for the spreadsheet import's rows (contacts-bulk.ts): one change changes both. */
export const ContactFieldRules = { name, email, extraInfo: extraInfoInput };

const blank = (v: unknown) => v == null || (typeof v === "string" && v.trim() === "");
/**
 * The form's extra-info rows. A row left empty (no name, no value: the original form sends
 * one when "add" was clicked and nothing typed, issue 32) is dropped, not refused; the rows
 * keep their positions while checked, so an error names the row the form shows.
 */
const extraInfoList = z
  .array(
    z.preprocess(
      (v) => (v !== null && typeof v === "object" && blank((v as { name?: unknown }).name) && blank((v as { value?: unknown }).value) ? null : v),
      extraInfoInput.nullable(),
    ),
  )
  .max(50, "Too Long!")
  .transform((rows) => rows.filter((r): r is z.output<typeof extraInfoInput> => r !== null));

/** A user of the contact's company (the service checks it); `""`, `null` or `0` clear it. */
const walletUserId = OptionalRefId.openapi({ description: 'The wallet owner, a user of the company; false, "", null, [] or 0 mean none' });

export const ContactInput = z
  .object({
    name,
    number,
    email: email.optional().default(""),
    acceptAudioMessage: z.boolean().optional(),
    disableBot: z.boolean().optional(),
    walletUserId: walletUserId.optional(),
    extraInfo: extraInfoList.optional().openapi({ description: "Rows with a blank name and value are dropped" }),
  })
  .openapi("ContactInput");

export const ContactPatch = z
  .object({
    name: name.optional(),
    number: number.optional(),
    email: email.optional(),
    active: z.boolean().optional(),
    acceptAudioMessage: z.boolean().optional(),
    disableBot: z.boolean().optional(),
    urlPicture: z.string().max(2000, "Too Long!").optional(),
    walletUserId: walletUserId.optional(),
    extraInfo: extraInfoList.optional().openapi({ description: "Replaces the contact's extra info when sent; rows with a blank name and value are dropped" }),
  })
  .openapi("ContactPatch");

export const ContactQuery = z.object({
  searchParam: z.string().max(100, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
  channel: z.string().max(30, "Too Long!").optional(),
  isGroup: BoolLike.optional(),
});

export const ContactIdParam = z.object({
  contactId: pathId("contactId"),
});
