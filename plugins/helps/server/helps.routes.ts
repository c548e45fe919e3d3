import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { IdParam, jsonBody as body, jsonResponse as json, MessageSchema, PageQuery } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Help, HelpInput, HelpPatch } from "./helps.schemas.ts";

const route = routeFactory(manifest);

export const list = route({
  method: "get",
  path: "/helps",
  access: "user",
  request: { query: PageQuery },
  responses: { 200: json(z.object({ helps: z.array(Help), hasMore: z.boolean(), count: z.number() }), "A page of help entries") },
});

export const listAll = route({
  method: "get",
  path: "/helps/list",
  access: "user",
  responses: { 200: json(z.array(Help), "Every help entry, for the help centre") },
});

export const show = route({
  method: "get",
  path: "/helps/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Help, "One help entry") },
});

export const create = route({
  method: "post",
  path: "/helps",
  access: "super",
  request: body(HelpInput),
  responses: { 200: json(Help, "The created entry") },
});

export const update = route({
  method: "put",
  path: "/helps/{id}",
  access: "super",
  request: { params: IdParam, ...body(HelpPatch) },
  responses: { 200: json(Help, "The updated entry") },
});

export const remove = route({
  method: "delete",
  path: "/helps/{id}",
  access: "super",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted") },
});
