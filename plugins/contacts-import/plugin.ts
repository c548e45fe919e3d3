import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Contacts in and out of spreadsheets (spec 002 §2.1 /contacts/import, 001 §9): a .xlsx,
 * .xls or .csv file is uploaded, previewed and mapped to contact fields, then imported by a
 * durable job in chunks (numbers checked and normalised by the contacts plugin, duplicates
 * merged by number, tags by name or id through the tags plugin), with live progress and
 * per-line errors; a connected WhatsApp connection's address book imports the same way. The
 * contact list exports as .xlsx or .csv with the list's filters. A sibling of the contacts
 * plugin, because the tags it sets belong to the tags plugin, which depends on contacts.
 * It also serves the original client's calls (POST /contactsImport, /contacts/upload,
 * /contacts/import, /contacts/import/chats) over the same import.
 */
export const manifest = definePlugin({
  id: "contacts-import",
  dependsOn: ["contacts", "tags", "connections"],
  // A connection's address book (the WhatsApp import) comes through `channels.addressBook` when installed.
  optionalDependsOn: ["channels"],
  requires: [
    "contacts.upsertMany",
    "contacts.reloaded",
    "contacts.exportPages",
    "contacts.masksNumbersFor",
    "contacts.show",
    "tags.ownIds",
    "tags.resolveNames",
    "tags.attach",
    "connections.get",
    "connections.default",
  ],
  errors: {
    ERR_CONTACT_IMPORT_NOT_FOUND: 404,
    /** The file is not a spreadsheet we can read (corrupt, encrypted, or not what its name says). */
    ERR_CONTACT_IMPORT_BAD_FILE: 400,
    /** Another import of the company is still running: one at a time. */
    ERR_CONTACT_IMPORT_RUNNING: 409,
    /** The import is past the step asked for (started twice, cancelled after it finished). */
    ERR_CONTACT_IMPORT_STATE: 409,
    /** The WhatsApp connection is not the company's or not connected. */
    ERR_CONTACT_IMPORT_NO_SESSION: 400,
    /** The .xlsx unpacks to more than an import reads (a part too large, or packed like a zip bomb). */
    ERR_CONTACT_IMPORT_TOO_LARGE: 400,
    /** More than 1,000,000 data rows: refused whole rather than cut. */
    ERR_CONTACT_IMPORT_TOO_MANY_ROWS: 400,
    /** The file took too long to preview. */
    ERR_CONTACT_IMPORT_TIMEOUT: 400,
    /** The connection's channel has no phone whose contacts or chats could be read (the API channel, Meta's). */
    ERR_CONTACT_IMPORT_CHANNEL: 400,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
