import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Connection, ConnectionInput, ConnectionPatch, FilterQuery, ListQuery, MediaForm } from "./connections.schemas.ts";

const route = routeFactory(manifest);
/** Changing connections and reading tokens (spec 001 §6). */
export const RULE = "connections-page:addConnection";
const notFound = { 404: errorResponse("ERR_NO_WAPP_FOUND") };
const tokenNote = "The token is present only for holders of connections-page:addConnection.";

const listConfig = {
  method: "get",
  path: "/whatsapp",
  access: "user",
  description: `The company's connections with their queues (the company comes from the token; \`session\` and \`companyId\` are accepted and ignored). ${tokenNote}`,
  request: { query: ListQuery },
  responses: { 200: json(z.array(Connection), "The company's connections") },
} as const;
export const list = route(listConfig);
/** The spec's clients call the list with a trailing slash too (`GET /whatsapp/?session=0`). */
export const listSlash = route({ ...listConfig, path: "/whatsapp/" });

export const filter = route({
  method: "get",
  path: "/whatsapp/filter",
  access: "user",
  description: `The company's connections of one channel (all without \`channel\`). ${tokenNote}`,
  request: { query: FilterQuery },
  responses: { 200: json(z.array(Connection), "The company's connections of that channel") },
});

const listAllConfig = {
  method: "get",
  path: "/whatsapp/all",
  access: "super",
  description: "Every company's connections (super user).",
  request: { query: ListQuery },
  responses: { 200: json(z.array(Connection), "All connections") },
} as const;
export const listAll = route(listAllConfig);
/** The spec's clients call `GET /whatsapp/all/?session=0`. */
export const listAllSlash = route({ ...listAllConfig, path: "/whatsapp/all/" });

export const showAny = route({
  method: "get",
  path: "/whatsapp-admin/{id}",
  access: "super",
  description: "Any company's connection (super user).",
  request: { params: IdParam, query: ListQuery },
  responses: { 200: json(Connection, "One connection"), ...notFound },
});

export const show = route({
  method: "get",
  path: "/whatsapp/{id}",
  access: "user",
  description: `One connection of the company, with its qrcode. ${tokenNote}`,
  request: { params: IdParam, query: ListQuery },
  responses: { 200: json(Connection, "One connection"), ...notFound },
});

export const create = route({
  method: "post",
  path: "/whatsapp",
  access: "user",
  rule: RULE,
  description:
    "Creates a connection. The channel's plan flag must be on (useWhatsapp for whatsapp and whatsappapi, useFacebook, useInstagram, useExternalApi for api): ERR_PLAN_FEATURE_DISABLED otherwise; the plan's `connections` limit (0 = none) gives ERR_PLAN_LIMIT_CONNECTIONS. The company's first connection becomes default; isDefault true unsets the others. More than one queue needs a greeting (ERR_WAPP_GREETING_REQUIRED). A 30-character token is generated. `companyId` counts only for the super user (creates in that company: ERR_NO_COMPANY_FOUND when there is none); others always create in their own.",
  request: body(ConnectionInput),
  responses: { 200: json(Connection, "The created connection") },
});

export const update = route({
  method: "put",
  path: "/whatsapp/{id}",
  access: "user",
  rule: RULE,
  description:
    "Changes a connection (not its channel, status or token). The super user may change any company's connection (the /allConnections screen). isDefault true unsets the others; isDefault false on the default answers ERR_NO_OTHER_WHATSAPP (make another one default instead). queueIds replaces its queues.",
  request: { params: IdParam, ...body(ConnectionPatch) },
  responses: { 200: json(Connection, "The updated connection"), ...notFound },
});

export const remove = route({
  method: "delete",
  path: "/whatsapp/{id}",
  access: "user",
  rule: RULE,
  description: "Deletes a connection (the super user: any company's). The default one can be deleted only when it is the last: otherwise ERR_NO_OTHER_WHATSAPP.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound },
});

export const regenerateToken = route({
  method: "post",
  path: "/whatsapp/{id}/token",
  access: "user",
  rule: RULE,
  description: "Replaces the connection's token with a new random 30-character one; the old token stops working at once.",
  request: { params: IdParam },
  responses: { 200: json(Connection, "The connection with its new token"), ...notFound },
});

export const uploadMedia = route({
  method: "post",
  path: "/whatsapp/{id}/media-upload",
  access: "user",
  rule: RULE,
  description: "Sets the greeting media (an image or a video, at most 16 MB) as greetingMediaAttachment; the previous file is removed.",
  request: { params: IdParam, body: { content: { "multipart/form-data": { schema: MediaForm } }, required: true } },
  responses: {
    200: json(Connection, "The connection with its greetingMediaAttachment"),
    ...notFound,
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE"),
    415: errorResponse("ERR_UNSUPPORTED_MEDIA_TYPE"),
  },
});

export const removeMedia = route({
  method: "delete",
  path: "/whatsapp/{id}/media-upload",
  access: "user",
  rule: RULE,
  description: "Removes the greeting media.",
  request: { params: IdParam },
  responses: { 200: json(Connection, "The connection without greeting media"), ...notFound },
});
