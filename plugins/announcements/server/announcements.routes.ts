import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema, PageQuery } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Announcement, AnnouncementInput, AnnouncementPage, AnnouncementPatch, MediaUpload } from "./announcements.schemas.ts";

const route = routeFactory(manifest);

const listConfig = {
  method: "get",
  access: "user",
  request: { query: PageQuery },
  responses: { 200: json(AnnouncementPage, "A page of announcements (super: all; others: active only), newest first") },
} as const;

/** The spec's path keeps its trailing slash; the bare path answers the same (hidden from the docs). */
export const list = route({ ...listConfig, path: "/announcements/" });
export const listBare = route({ ...listConfig, path: "/announcements", hide: true });

export const show = route({
  method: "get",
  path: "/announcements/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Announcement, "One announcement") },
});

export const create = route({
  method: "post",
  path: "/announcements",
  access: "super",
  request: body(AnnouncementInput),
  responses: { 200: json(Announcement, "The created announcement") },
});

export const update = route({
  method: "put",
  path: "/announcements/{id}",
  access: "super",
  request: { params: IdParam, ...body(AnnouncementPatch) },
  responses: { 200: json(Announcement, "The updated announcement") },
});

export const remove = route({
  method: "delete",
  path: "/announcements/{id}",
  access: "super",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted") },
});

export const uploadMedia = route({
  method: "post",
  path: "/announcements/{id}/media-upload",
  access: "super",
  request: {
    params: IdParam,
    body: { content: { "multipart/form-data": { schema: MediaUpload } }, required: true },
  },
  responses: {
    200: json(Announcement, "The announcement with its new image (png, jpg or jpeg, at most 5 MB)"),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE (over 5 MB)"),
    415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE (not png, jpg or jpeg)"),
  },
});

export const deleteMedia = route({
  method: "delete",
  path: "/announcements/{id}/media-upload",
  access: "super",
  request: { params: IdParam },
  responses: { 200: json(Announcement, "The announcement without its image") },
});
