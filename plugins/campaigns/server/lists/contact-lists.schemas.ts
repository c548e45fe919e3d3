import { z } from "@hono/zod-openapi";
import { FileField, nonEmptyPatch } from "../../../../core/http/schemas.ts";

// Spec 002 §5: a list's and an item's name 2 to 50 ('Too Short!', 'Too Long!', 'Required'); number 8 to 50; email valid.
const name = z.string({ error: "Required" }).trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");
/** The digits of a number as typed ("+55 (11) 9…" → "5511…"), 8 to 50 of them. */
const number = z
  .string({ error: "Required" })
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(z.string().min(1, "Required").min(8, "Too Short!").max(50, "Too Long!"));
const email = z.preprocess((v) => (v == null ? "" : v), z.union([z.literal(""), z.string().trim().max(200, "Too Long!").pipe(z.email("Invalid email"))]));

export const ContactList = z
  .object({ id: z.number(), companyId: z.number(), name: z.string(), contactsCount: z.number(), createdAt: z.string(), updatedAt: z.string() })
  .openapi("ContactList");
export const ContactListPage = z.object({ records: z.array(ContactList), count: z.number(), hasMore: z.boolean() }).openapi("ContactListPage");
export const ContactListInput = z.object({ name }).openapi("ContactListInput");

export const ContactListItem = z
  .object({
    id: z.number(),
    companyId: z.number(),
    contactListId: z.number(),
    name: z.string(),
    number: z.string(),
    email: z.string(),
    isWhatsappValid: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("ContactListItem");
export const ContactListItemPage = z.object({ contacts: z.array(ContactListItem), count: z.number(), hasMore: z.boolean() }).openapi("ContactListItemPage");

const listId = z.coerce.number({ error: "Required" }).int("Invalid value").positive("Required");
export const ContactListItemInput = z.object({ name, number, email: email.optional().default(""), contactListId: listId }).openapi("ContactListItemInput");
export const ContactListItemPatch = nonEmptyPatch(z.object({ name: name.optional(), number: number.optional(), email: email.optional() })).openapi("ContactListItemPatch");

/** The first three fields of each rule, shared with the spreadsheet import's row check. */
export const ItemRow = z.object({ name, number, email });

export const PagedSearch = z.object({
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int().min(1).optional().default(1),
});
export const ItemQuery = PagedSearch.extend({ contactListId: z.coerce.number().int().positive("Required") });

export const ListUpload = z
  .object({
    file: FileField,
    /** The connection whose WhatsApp session checks the numbers (the campaign's own); none: the company's first. */
    whatsappId: z.coerce.number().int().positive().optional(),
  })
  .openapi("ContactListUpload");

/** What an import did: how many rows went in, and each refused row with its field and the form's message. */
export const ImportReport = z
  .object({
    imported: z.number(),
    refused: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
    /** Refusals past the first 1,000 are only counted. */
    refusedCount: z.number(),
  })
  .openapi("ContactListImportReport");
