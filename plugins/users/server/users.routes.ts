import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema, PageQuery } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { AvatarForm, User, UserInput, UserPage, UserPatch, UserSummary } from "./users.schemas.ts";

const route = routeFactory(manifest);

export const list = route({
  method: "get",
  path: "/users/",
  access: "admin",
  description: "A page of 20 users of the caller's company, searched by name or e-mail.",
  request: { query: PageQuery },
  responses: { 200: json(UserPage, "A page of users") },
});

export const summaries = route({
  method: "get",
  path: "/users/list",
  access: "user",
  description: "Every user of the company with id, name, profile and online flag, for selectors.",
  responses: { 200: json(z.array(UserSummary), "The company's users") },
});

export const show = route({
  method: "get",
  path: "/users/{id}",
  access: "user",
  description: "One user: admins read anyone of their company, others only themselves.",
  request: { params: IdParam },
  responses: { 200: json(User, "The user") },
});

export const create = route({
  method: "post",
  path: "/users",
  access: "admin",
  description: "Creates a user in the caller's company, within the plan's user limit (0 = unlimited); `queueIds` must be the company's queues.",
  request: body(UserInput),
  responses: {
    200: json(User, "The created user"),
    404: errorResponse("ERR_NO_WAPP_FOUND: whatsappId is not a connection of the company"),
    409: errorResponse("ERR_DUPLICATED_EMAIL"),
  },
});

export const update = route({
  method: "put",
  path: "/users/{id}",
  access: "user",
  description:
    "Updates a user. Admins change anyone of their company; others only themselves and only name, e-mail, password, theme, menu, farewell message and image. Profile, work hours and flags need user-modal:editProfile, the default connection and `queueIds` (the queues the user works, when the queues plugin is installed) user-modal:editQueues, `super` a super user.",
  request: { params: IdParam, ...body(UserPatch) },
  responses: {
    200: json(User, "The updated user"),
    404: errorResponse("ERR_NO_USER_FOUND, or ERR_NO_WAPP_FOUND: whatsappId is not a connection of the user's company"),
    409: errorResponse("ERR_DUPLICATED_EMAIL"),
  },
});

export const remove = route({
  method: "delete",
  path: "/users/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted") },
});

export const avatar = route({
  method: "post",
  path: "/users/{id}/media-upload",
  access: "user",
  description: "Sets the user's profile image (png, jpg, jpeg, gif or webp, at most 2 MB).",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: AvatarForm } }, required: true } },
  responses: {
    200: json(User, "The user with the new profileImage"),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE"),
    415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE"),
  },
});
