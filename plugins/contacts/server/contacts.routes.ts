import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Contact, ContactIdParam, ContactInput, ContactPage, ContactPatch, ContactQuery } from "./contacts.schemas.ts";

/** GET /contacts/profile/{number}: the number in the path, as typed (normalised by the service). */
const ProfileNumberParam = z.object({
  number: z
    .string()
    .trim()
    .min(1, "Required")
    .max(50, "Too Long!")
    .openapi({ param: { name: "number", in: "path" }, example: "5511987654321" }),
});
/** The answer of GET /contacts/profile/{number} (the web client infers its type from it). */
export const ContactProfile = z.object({ contactId: z.number(), urlPicture: z.string() }).openapi("ContactProfile");

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NO_CONTACT_FOUND") };
const duplicated = { 409: errorResponse("ERR_DUPLICATED_CONTACT") };

/** An optional JSON body: without one, the toggle routes flip the flag. */
const optionalBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: false } });

export const list = route({
  method: "get",
  path: "/contacts",
  access: "user",
  description: "A page of 20 of the company's contacts, by name, searched by name, number or e-mail, filtered by channel and isGroup.",
  request: { query: ContactQuery },
  responses: { 200: json(ContactPage, "A page of contacts") },
});

export const listAll = route({
  method: "get",
  path: "/contacts/list",
  access: "user",
  description: "Every contact of the caller's company (the company comes from the token), for selectors.",
  responses: { 200: json(z.array(Contact), "The company's contacts") },
});

export const show = route({
  method: "get",
  path: "/contacts/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Contact, "One contact"), ...notFound },
});

export const create = route({
  method: "post",
  path: "/contacts",
  access: "user",
  description: "Creates a contact in the caller's company; the number is normalised (digits, Brazilian ninth digit).",
  request: body(ContactInput),
  responses: { 200: json(Contact, "The created contact"), ...duplicated },
});

export const update = route({
  method: "put",
  path: "/contacts/{id}",
  access: "user",
  request: { params: IdParam, ...body(ContactPatch) },
  responses: { 200: json(Contact, "The updated contact"), ...notFound, ...duplicated },
});

export const remove = route({
  method: "delete",
  path: "/contacts/{id}",
  access: "user",
  rule: "contacts-page:deleteContact",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound },
});

export const toggleAcceptAudio = route({
  method: "put",
  path: "/contacts/toggleAcceptAudio/{id}",
  access: "user",
  description: "Flips whether the contact's audio messages are accepted (or sets it from the body).",
  request: { params: IdParam, ...optionalBody(z.object({ acceptAudioMessage: z.boolean().optional() })) },
  responses: { 200: json(Contact, "The contact with its acceptAudioMessage"), ...notFound },
});

export const block = route({
  method: "put",
  path: "/contacts/block/{id}",
  access: "user",
  description: "Blocks (active false) or unblocks the contact: sets `active` from the body, or flips it without one.",
  request: { params: IdParam, ...optionalBody(z.object({ active: z.boolean().optional() })) },
  responses: { 200: json(Contact, "The contact with its active flag"), ...notFound },
});

export const toggleDisableBot = route({
  method: "put",
  path: "/contacts/toggleDisableBot/{contactId}",
  access: "user",
  description: "Flips whether the bot answers this contact (or sets it from the body).",
  request: { params: ContactIdParam, ...optionalBody(z.object({ disableBot: z.boolean().optional() })) },
  responses: { 200: json(Contact, "The contact with its disableBot flag"), ...notFound },
});

export const profile = route({
  method: "get",
  path: "/contacts/profile/{number}",
  access: "user",
  description: "The caller's company's contact for a number (any spelling; normalised like POST /contacts), created when missing, with its stored picture.",
  request: { params: ProfileNumberParam },
  responses: { 200: json(ContactProfile, "The contact's id and picture") },
});
