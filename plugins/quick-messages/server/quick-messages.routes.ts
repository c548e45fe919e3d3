import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { MediaUpload, QuickMessage, QuickMessageInput, QuickMessagePage, QuickMessagePatch, QuickMessageQuery } from "./quick-messages.schemas.ts";

const route = routeFactory(manifest);
const locked = errorResponse("ERR_NO_PERMISSION: shared-visible, not general and owned by someone else");

export const list = route({
  method: "get",
  path: "/quick-messages",
  access: "user",
  request: { query: QuickMessageQuery },
  responses: { 200: json(QuickMessagePage, "A page of the caller's own, general and shared-visible quick messages (20 per page)") },
});

export const listAll = route({
  method: "get",
  path: "/quick-messages/list",
  access: "user",
  responses: { 200: json(z.array(QuickMessage), "Every active quick message the caller may use, for the composer") },
});

export const show = route({
  method: "get",
  path: "/quick-messages/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(QuickMessage, "One quick message") },
});

export const create = route({
  method: "post",
  path: "/quick-messages",
  access: "user",
  request: body(QuickMessageInput),
  responses: {
    200: json(QuickMessage, "The created quick message (owned by the caller)"),
    409: errorResponse("ERR_DUPLICATED_NAME: the shortcode is taken in this company"),
  },
});

export const update = route({
  method: "put",
  path: "/quick-messages/{id}",
  access: "user",
  request: { params: IdParam, ...body(QuickMessagePatch) },
  responses: { 200: json(QuickMessage, "The updated quick message"), 403: locked, 409: errorResponse("ERR_DUPLICATED_NAME") },
});

export const remove = route({
  method: "delete",
  path: "/quick-messages/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), 403: locked },
});

export const uploadMedia = route({
  method: "post",
  path: "/quick-messages/{id}/media-upload",
  access: "user",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: MediaUpload } }, required: true } },
  responses: {
    200: json(QuickMessage, "The quick message with its new attachment (any type, at most 20 MB; spaces in the name become underscores)"),
    403: locked,
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE (over 20 MB)"),
  },
});

export const deleteMedia = route({
  method: "delete",
  path: "/quick-messages/{id}/media-upload",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(QuickMessage, "The quick message without its attachment"), 403: locked },
});
