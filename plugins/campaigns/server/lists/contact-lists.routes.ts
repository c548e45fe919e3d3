import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { z } from "@hono/zod-openapi";
import { manifest } from "../../plugin.ts";
import {
  ContactList,
  ContactListInput,
  ContactListItem,
  ContactListItemInput,
  ContactListItemPage,
  ContactListItemPatch,
  ContactListPage,
  ImportReport,
  ItemQuery,
  ListUpload,
  PagedSearch,
} from "./contact-lists.schemas.ts";

const route = routeFactory(manifest);
const noList = { 404: errorResponse("ERR_NO_CONTACT_LIST_FOUND (or another company's)") };
const noItem = { 404: errorResponse("ERR_NO_CONTACT_LIST_ITEM_FOUND (or another company's)") };

// Static paths before `{id}`: the first route that matches answers.
export const all = route({
  method: "get",
  path: "/contact-lists/list",
  access: "admin",
  description: "Every contact list of the company with its contactsCount (the campaign dialog's select).",
  responses: { 200: json(z.array(ContactList), "The lists") },
});

export const sample = route({
  method: "get",
  path: "/contact-lists/sample",
  access: "admin",
  description: "A sample spreadsheet (.xlsx) with the columns an import reads: Nome, Numero, Email.",
  responses: {
    200: { description: "The .xlsx file", content: { "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) } } },
  },
});

export const page = route({
  method: "get",
  path: "/contact-lists",
  access: "admin",
  description: "A page of 20 of the company's lists by name; searchParam matches the name.",
  request: { query: PagedSearch },
  responses: { 200: json(ContactListPage, "A page of lists") },
});

export const show = route({
  method: "get",
  path: "/contact-lists/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(ContactList, "One list"), ...noList },
});

export const create = route({
  method: "post",
  path: "/contact-lists",
  access: "admin",
  request: body(ContactListInput),
  responses: { 200: json(ContactList, "The created list") },
});

export const update = route({
  method: "put",
  path: "/contact-lists/{id}",
  access: "admin",
  request: { params: IdParam, ...body(ContactListInput) },
  responses: { 200: json(ContactList, "The renamed list"), ...noList },
});

export const remove = route({
  method: "delete",
  path: "/contact-lists/{id}",
  access: "admin",
  description: "Deletes the list and its items; a campaign that named it keeps its shipping rows.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...noList },
});

export const upload = route({
  method: "post",
  path: "/contact-lists/{id}/upload",
  access: "admin",
  description:
    "Imports a spreadsheet (.xls, .xlsx or .csv, at most 20 MB and 100,000 rows) into the list: columns by header (Nome/Name, Numero/Number, Email) or in that order. Checked rows go in together or not at all; refused rows are reported with their line, field and message. Formulas are never evaluated.",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: ListUpload } }, required: true } },
  responses: {
    200: json(ImportReport, "What went in and what was refused"),
    ...noList,
    400: errorResponse("ERR_CONTACT_LIST_IMPORT_BAD_FILE, ERR_CONTACT_LIST_IMPORT_TOO_MANY_ROWS, ERR_CONTACT_LIST_IMPORT_TIMEOUT"),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE, ERR_CONTACT_LIST_IMPORT_TOO_LARGE"),
    415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE (not .xls, .xlsx or .csv)"),
  },
});

export const items = route({
  method: "get",
  path: "/contact-list-items",
  access: "admin",
  description: "A page of 20 items of one list of the company; searchParam matches name, number or email.",
  request: { query: ItemQuery },
  responses: { 200: json(ContactListItemPage, "A page of items"), ...noList },
});

export const showItem = route({
  method: "get",
  path: "/contact-list-items/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(ContactListItem, "One item"), ...noItem },
});

export const createItem = route({
  method: "post",
  path: "/contact-list-items",
  access: "admin",
  request: body(ContactListItemInput),
  responses: { 200: json(ContactListItem, "The created item"), ...noList },
});

export const updateItem = route({
  method: "put",
  path: "/contact-list-items/{id}",
  access: "admin",
  request: { params: IdParam, ...body(ContactListItemPatch) },
  responses: { 200: json(ContactListItem, "The updated item"), ...noItem },
});

export const removeItem = route({
  method: "delete",
  path: "/contact-list-items/{id}",
  access: "admin",
  rule: "contacts-page:deleteContact",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...noItem },
});
