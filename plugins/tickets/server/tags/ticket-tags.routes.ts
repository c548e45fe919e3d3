import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { TicketIdParam, TicketTagLink, TicketTagParams } from "./ticket-tags.schemas.ts";

const route = routeFactory(manifest);
const CANNOT_OPEN = "ERR_NO_PERMISSION for a ticket the caller may not open (the rule of GET /tickets/{id}); as on every route, also an invalid token or a disabled company";

export const link = route({
  method: "put",
  path: "/ticket-tags/{ticketId}/{tagId}",
  access: "user",
  description: "Puts one of the company's tags on a ticket the caller may open (a kanban lane, a list chip); linking twice is harmless. The ticket's update is announced.",
  request: { params: TicketTagParams },
  responses: { 200: json(TicketTagLink, "The link"), 403: errorResponse(CANNOT_OPEN), 404: errorResponse("ERR_NO_TICKET_FOUND or ERR_NOT_FOUND (tag)") },
});

export const clear = route({
  method: "delete",
  path: "/ticket-tags/{ticketId}",
  access: "user",
  description:
    "Removes every tag from a ticket the caller may open (the kanban stage select clears the current lane before setting the new one). The ticket's update is announced.",
  request: { params: TicketIdParam },
  responses: { 200: json(MessageSchema, "Removed"), 403: errorResponse(CANNOT_OPEN), 404: errorResponse("ERR_NO_TICKET_FOUND") },
});
