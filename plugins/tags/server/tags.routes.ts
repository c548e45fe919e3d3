import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { ContactIdParam, ContactTags, SyncInput, Tag, TagInput, TagListQuery, TagPage, TagPatch, TagQuery } from "./tags.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NOT_FOUND") };
const duplicated = { 409: errorResponse("ERR_DUPLICATED_NAME (tag names are unique per company, ignoring case)") };

export const list = route({
  method: "get",
  path: "/tags",
  access: "user",
  description: "A page of 20 of the company's tags by name, with how many contacts carry each; kanban filters lanes (1) or plain tags (0).",
  request: { query: TagQuery },
  responses: { 200: json(TagPage, "A page of tags") },
});

export const listAll = route({
  method: "get",
  path: "/tags/list",
  access: "user",
  description: "Every tag of the caller's company (the company comes from the token), optionally only kanban lanes or plain tags.",
  request: { query: TagListQuery },
  responses: { 200: json(z.array(Tag), "The company's tags") },
});

export const show = route({
  method: "get",
  path: "/tags/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Tag, "One tag"), ...notFound },
});

export const create = route({
  method: "post",
  path: "/tags",
  access: "user",
  description: "Creates a tag; without a colour it gets a random one, timeLane 0.",
  request: body(TagInput),
  responses: { 200: json(Tag, "The created tag"), ...duplicated },
});

export const update = route({
  method: "put",
  path: "/tags/{id}",
  access: "user",
  request: { params: IdParam, ...body(TagPatch) },
  responses: { 200: json(Tag, "The updated tag"), ...notFound, ...duplicated },
});

export const remove = route({
  method: "delete",
  path: "/tags/{id}",
  access: "user",
  description: "Deletes a tag; it leaves every contact carrying it.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound },
});

export const sync = route({
  method: "post",
  path: "/tags/sync",
  access: "user",
  description: "Replaces a contact's tags: items with an id must be the company's tags, items without one are found by name or created (at least 3 characters).",
  request: body(SyncInput),
  responses: { 200: json(ContactTags, "The contact's tags afterwards"), 404: errorResponse("ERR_NO_CONTACT_FOUND or ERR_NOT_FOUND (a tag of another company)") },
});

export const contactTags = route({
  method: "get",
  path: "/contactTags/{contactId}",
  access: "user",
  request: { params: ContactIdParam },
  responses: { 200: json(ContactTags, "The contact's tags"), 404: errorResponse("ERR_NO_CONTACT_FOUND") },
});
