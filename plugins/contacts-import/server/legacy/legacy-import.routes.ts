import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../../core/http/schemas.ts";
import { Contact } from "../../../contacts/server/contact-schemas.contract.ts";
import { manifest } from "../../plugin.ts";
import { ContactImport } from "../contacts-import.schemas.ts";
import { LegacyContactInput, LegacyUpload, PhoneImportStart } from "./legacy-import.schemas.ts";

/**
 * The original client's contact-import calls (issue 32), over this plugin's import. None
 * clashes with the plugin's own paths: those are POST /contacts/import/upload,
 * /contacts/import/{id}/start and /contacts/import/whatsapp/{whatsappId}; the contacts
 * plugin has no POST under /contacts/{x}.
 */
const route = routeFactory(manifest);
const running = { 409: errorResponse("ERR_CONTACT_IMPORT_RUNNING (another import of the company is queued or running)") };
const progress = "Progress: GET /contacts/import/{id} and the realtime event company-{companyId}-contactImport.";
const phone = {
  200: json(ContactImport, "The import, queued"),
  400: errorResponse(
    "ERR_CONTACT_IMPORT_CHANNEL (the connection's channel has no phone: API, Facebook, Instagram, Cloud API), ERR_CONTACT_IMPORT_NO_SESSION (not connected) or ERR_VALIDATION",
  ),
  404: errorResponse("ERR_NO_WAPP_FOUND (not a connection of the company) or ERR_NO_DEF_WAPP_FOUND (no whatsappId and no default connection)"),
  ...running,
};
const phoneBody = { body: { content: { "application/json": { schema: PhoneImportStart } }, required: false } };

export const importOne = route({
  method: "post",
  path: "/contactsImport",
  access: "user",
  description:
    "One contact of a spreadsheet the client read (the original client sends one call per row): created, or merged into the company's contact with the same number like a row of an imported file (a non-empty field replaces, an empty one keeps; extra info set by name). The contact form's rules apply, numbers strictly (a masked number, scientific notation or letters are 'Invalid number'). Announced on company-{companyId}-contact.",
  request: body(LegacyContactInput),
  responses: { 200: json(Contact, "The contact created or updated (the number LGPD-masked for plain users when lgpdHideNumber is enabled)") },
});

export const uploadAndStart = route({
  method: "post",
  path: "/contacts/upload",
  access: "user",
  description: `Imports a spreadsheet (.xlsx, .xls or .csv, at most 20 MB) in one call: stored like POST /contacts/import/upload and started at once with the suggested mapping (header words for name, number, e-mail and tags in Portuguese, English, Spanish and Turkish; without a header, what the cells look like; other columns are left out). Answers at once with the queued import. ${progress}`,
  request: { body: { content: { "multipart/form-data": { schema: LegacyUpload } }, required: true } },
  responses: {
    200: json(ContactImport, "The import, queued"),
    400: errorResponse("ERR_CONTACT_IMPORT_BAD_FILE (not a readable spreadsheet) or ERR_VALIDATION (`file`: no column of phone numbers was found)"),
    ...running,
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE"),
    415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE (not .xlsx, .xls or .csv)"),
  },
});

export const importPhoneBook = route({
  method: "post",
  path: "/contacts/import",
  access: "user",
  description: `Imports the phone's address book (the contacts saved on it, with their saved names) of a connection: the one named, or the company's default. The connection must be connected. Merged by number like a file. ${progress}`,
  request: phoneBody,
  responses: phone,
});

export const importChats = route({
  method: "post",
  path: "/contacts/import/chats",
  access: "user",
  description: `Imports the people of a connection's one-to-one chats (saved on the phone or not; named by the saved name, the chat's name or their own WhatsApp name, else by number): the connection named, or the company's default, connected. The chat list is read when called and imported as a file named whatsapp-{id}-chats.csv. ${progress}`,
  request: phoneBody,
  responses: phone,
});
