import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { TicketNote, TicketNoteInput, TicketNoteListQuery } from "./ticket-notes.schemas.ts";

const route = routeFactory(manifest);
const CANNOT_OPEN = "ERR_NO_PERMISSION for a ticket the caller may not open (the rule of GET /tickets/{id}); as on every route, also an invalid token or a disabled company";

export const create = route({
  method: "post",
  path: "/ticket-notes",
  access: "user",
  description: "Adds an internal observation to a ticket the caller may open; contactId must be the ticket's contact.",
  request: body(TicketNoteInput),
  responses: { 200: json(TicketNote, "The note"), 403: errorResponse(CANNOT_OPEN), 404: errorResponse("ERR_NO_TICKET_FOUND or ERR_NO_CONTACT_FOUND") },
});

export const list = route({
  method: "get",
  path: "/ticket-notes/list",
  access: "user",
  description:
    "Notes newest first: of one ticket the caller may open (ticketId, optionally narrowed by contactId), or of one contact across the tickets the caller may open (contactId alone).",
  request: { query: TicketNoteListQuery },
  responses: { 200: json(z.array(TicketNote), "The notes, newest first"), 403: errorResponse(CANNOT_OPEN), 404: errorResponse("ERR_NO_TICKET_FOUND") },
});

export const remove = route({
  method: "delete",
  path: "/ticket-notes/{id}",
  access: "user",
  description: "Deletes a note of a ticket the caller may open: its author or an admin only (else ERR_NO_PERMISSION).",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), 403: errorResponse("ERR_NO_PERMISSION"), 404: errorResponse("ERR_NOT_FOUND") },
});
