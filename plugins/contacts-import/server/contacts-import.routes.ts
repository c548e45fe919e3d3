import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, pathId } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import {
  ContactImport,
  ExportFormatParam,
  ExportQuery,
  ImportErrors,
  ImportList,
  ImportPreview,
  ImportStart,
  ImportUpload,
  WhatsappImportStart,
} from "./contacts-import.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_CONTACT_IMPORT_NOT_FOUND") };
const state = { 409: errorResponse("ERR_CONTACT_IMPORT_STATE or ERR_CONTACT_IMPORT_RUNNING") };

// Paths sit two segments under /contacts: one segment (/contacts/{x}) belongs to the contacts plugin's GET /contacts/{id}.
export const upload = route({
  method: "post",
  path: "/contacts/import/upload",
  access: "user",
  description:
    "Uploads a spreadsheet (.xlsx, .xls or .csv, at most 20 MB) of contacts and answers its first rows and a suggested column mapping. The file is kept privately (never served) until the import ends, or for a day if it is never started. A company keeps 5 uploads waiting to be started: a new one discards the oldest. The preview is given up after 15 s.",
  request: { body: { content: { "multipart/form-data": { schema: ImportUpload } }, required: true } },
  responses: {
    200: json(ImportPreview, "The import (status uploaded), the file's first rows and the suggested mapping"),
    400: errorResponse(
      "ERR_CONTACT_IMPORT_BAD_FILE (not a readable spreadsheet: corrupt, truncated, encrypted), ERR_CONTACT_IMPORT_TOO_LARGE (an .xlsx that unpacks beyond the limits), ERR_CONTACT_IMPORT_TOO_MANY_ROWS, ERR_CONTACT_IMPORT_TIMEOUT (the preview took over 15 s) or ERR_VALIDATION",
    ),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE"),
    415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE (not .xlsx, .xls or .csv)"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS (two uploads of the company are being read already)"),
  },
});

export const list = route({
  method: "get",
  path: "/contacts/import/list",
  access: "user",
  description: "The company's 20 latest imports, newest first.",
  responses: { 200: json(ImportList, "Imports") },
});

export const start = route({
  method: "post",
  path: "/contacts/import/{id}/start",
  access: "user",
  description:
    "Starts an uploaded import with a target per column (one number column; name, e-mail and tags at most one each; extra info and ignore any number) and tags for every contact (ids of the company's tags, or names found or created). Progress: GET /contacts/import/{id} and the realtime event company-{companyId}-contactImport.",
  request: { params: IdParam, ...body(ImportStart) },
  responses: { 200: json(ContactImport, "The import, queued"), ...notFound, ...state },
});

export const startWhatsapp = route({
  method: "post",
  path: "/contacts/import/whatsapp/{whatsappId}",
  access: "user",
  description: "Imports the address book (the phone's saved contacts) of a connected WhatsApp connection of the company, merging by number like a file.",
  request: { params: z.object({ whatsappId: pathId("whatsappId") }), ...body(WhatsappImportStart) },
  responses: {
    200: json(ContactImport, "The import, queued"),
    400: errorResponse("ERR_CONTACT_IMPORT_NO_SESSION (not the company's connection, or not connected)"),
    ...state,
  },
});

export const show = route({
  method: "get",
  path: "/contacts/import/{id}",
  access: "user",
  description: "One import with its progress: rows done of the total, contacts created and updated, rows refused.",
  request: { params: IdParam },
  responses: { 200: json(ContactImport, "The import"), ...notFound },
});

export const errors = route({
  method: "get",
  path: "/contacts/import/{id}/errors",
  access: "user",
  description: "The rows an import refused, by line in the file, with the field and the contact form's message (the first 1,000).",
  request: { params: IdParam },
  responses: { 200: json(ImportErrors, "Refused rows"), ...notFound },
});

export const cancel = route({
  method: "delete",
  path: "/contacts/import/{id}",
  access: "user",
  description: "Cancels an import: one not started is discarded; a running one stops after its current chunk, keeping what it wrote.",
  request: { params: IdParam },
  responses: { 200: json(ContactImport, "The import, cancelled"), ...notFound, ...state },
});

export const exportContacts = route({
  method: "get",
  path: "/contacts/export/{format}",
  access: "user",
  description:
    "The contacts the list shows for these filters (GET /contacts' searchParam, channel, isGroup), as .xlsx or .csv (UTF-8 with BOM; ';' separated except in English), streamed. Columns: name, number, e-mail, tags, headed in `lang`. Cells that a spreadsheet would run as a formula get a leading apostrophe. Numbers are LGPD-masked for plain users when lgpdHideNumber is enabled.",
  request: { params: ExportFormatParam, query: ExportQuery },
  responses: {
    200: {
      description: "The file, as an attachment",
      content: {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) },
        "text/csv": { schema: z.string() },
      },
    },
  },
});
