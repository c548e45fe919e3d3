import { z } from "@hono/zod-openapi";
import { OptionalRefId } from "../../../../core/http/loose-values.ts";
import { FileField } from "../../../../core/http/schemas.ts";
import { WhatsappImportStart } from "../contacts-import.schemas.ts";

/**
 * A spreadsheet cell as the original client sends it, read in the browser: text, a number (a
 * phone typed as a number), or null / absent for an empty cell. Huge values are refused here;
 * the contact form's rules (contacts.upsertMany) judge the rest.
 */
const cell = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v == null ? "" : String(v).trim()))
  .pipe(z.string().max(1000, "Too Long!"));

export const LegacyContactInput = z
  .object({
    name: cell.openapi({ description: "Empty: a new contact is named by its number, an existing one keeps its name" }),
    number: cell.pipe(z.string().min(1, "Required")).openapi({ description: "Any spelling of a phone number (digits are kept; the Brazilian ninth digit is added)" }),
    email: cell.openapi({ description: "Empty: none for a new contact, kept for an existing one" }),
    extraInfo: z
      .array(z.object({ name: z.string().max(100, "Too Long!"), value: cell }))
      .max(50, "Too Long!")
      .optional()
      .openapi({ description: "Set by name on the contact (an entry of the same name is replaced)" }),
  })
  .openapi("LegacyContactImport");

export const LegacyUpload = z.object({ file: FileField }).openapi("LegacyContactsUpload");

/** The connection to read (the company's default when left out) and tags for every contact. */
export const PhoneImportStart = WhatsappImportStart.extend({
  whatsappId: OptionalRefId.optional().openapi({ description: 'A connection of the company; left out (or false, "", null, 0): the company\'s default connection' }),
}).openapi("LegacyPhoneImportStart");
