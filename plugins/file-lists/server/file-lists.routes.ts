import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { FileList, FileListInput, FileListPage, FileListPatch, FileListQuery, FileListUpload } from "./file-lists.schemas.ts";

const route = routeFactory(manifest);
const missing = errorResponse("ERR_NO_FILE_LIST_FOUND");

// Spec 002 §6: the profile user has no access to file lists; the queue and chatbot editors that pick one are admins'.
export const list = route({
  method: "get",
  path: "/files",
  access: "admin",
  request: { query: FileListQuery },
  responses: { 200: json(FileListPage, "A page of the company's file lists (20 per page, by name), searched by name") },
});

export const show = route({
  method: "get",
  path: "/files/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(FileList, "One file list with its options"), 404: missing },
});

export const create = route({
  method: "post",
  path: "/files",
  access: "admin",
  request: body(FileListInput),
  responses: { 200: json(FileList, "The created file list (files are uploaded next, POST /files/uploadList/{id})") },
});

export const update = route({
  method: "put",
  path: "/files/{id}",
  access: "admin",
  request: { params: IdParam, ...body(FileListPatch) },
  responses: { 200: json(FileList, "The updated file list; stored options left out of `options` are deleted with their files"), 404: missing },
});

export const remove = route({
  method: "delete",
  path: "/files/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted, with its files"), 404: missing },
});

export const upload = route({
  method: "post",
  path: "/files/uploadList/{id}",
  access: "admin",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: FileListUpload } }, required: true } },
  responses: {
    200: json(FileList, "The list with the uploaded files on their options (any type, at most 20 MB each; a new file replaces the option's previous one)"),
    404: missing,
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE (over 20 MB)"),
  },
});
