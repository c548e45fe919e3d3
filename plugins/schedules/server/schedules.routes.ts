import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { MediaUpload, Schedule, ScheduleInput, SchedulePage, SchedulePatch, ScheduleQuery } from "./schedules.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NO_SCHEDULE_FOUND (or another company's)") };
const sent = { 400: errorResponse("ERR_SCHEDULE_ALREADY_SENT (read-only once sentAt is set), or ERR_VALIDATION") };
const refs = { 404: errorResponse("ERR_NO_SCHEDULE_FOUND, ERR_NO_CONTACT_FOUND, ERR_NO_WAPP_FOUND or ERR_NO_USER_FOUND (each the company's own)") };

export const list = route({
  method: "get",
  path: "/schedules",
  access: "user",
  description:
    "A page of 20 of the company's schedules, latest time first; searchParam matches the text or the contact's name; contactId, and from/to on sendAt (the calendar's month), filter.",
  request: { query: ScheduleQuery },
  responses: { 200: json(SchedulePage, "A page of schedules") },
});

export const show = route({
  method: "get",
  path: "/schedules/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Schedule, "One schedule"), ...notFound },
});

export const create = route({
  method: "post",
  path: "/schedules",
  access: "user",
  description:
    "Schedules a message (spec defaults: intervalo 1, valorIntervalo 0, enviarQuantasVezes 1, tipoDias 4, openTicket enabled, statusTicket closed). The caller is its author; with openTicket disabled, ticketUserId, queueId and assinar are dropped.",
  request: body(ScheduleInput),
  responses: { 200: json(Schedule, "The created schedule"), ...refs },
});

export const update = route({
  method: "put",
  path: "/schedules/{id}",
  access: "user",
  description: "Changes a schedule not sent yet; it waits again (PENDENTE), which is how a send error is retried at once.",
  request: { params: IdParam, ...body(SchedulePatch) },
  responses: { 200: json(Schedule, "The updated schedule"), ...refs, ...sent },
});

export const remove = route({
  method: "delete",
  path: "/schedules/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound },
});

export const uploadMedia = route({
  method: "post",
  path: "/schedules/{id}/media-upload",
  access: "user",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: MediaUpload } }, required: true } },
  responses: {
    200: json(Schedule, "The schedule with its new attachment (any type, at most 20 MB; spaces in the name become underscores)"),
    ...notFound,
    ...sent,
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE (over 20 MB)"),
  },
});

export const deleteMedia = route({
  method: "delete",
  path: "/schedules/{id}/media-upload",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Schedule, "The schedule without its attachment"), ...notFound, ...sent },
});
