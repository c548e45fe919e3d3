import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import {
  CloseAllBody,
  CloseAllResult,
  TicketCreateBody,
  TicketIdParam,
  TicketListQuerySchema,
  TicketLogSchema,
  TicketPage,
  TicketSchema,
  TicketUpdateSchema,
  UuidParam,
} from "./tickets.schemas.ts";

const route = routeFactory(manifest);
const conflict = { 409: errorResponse("ERR_OTHER_OPEN_TICKET: the contact already has a live ticket; `message` is the JSON of OpenTicketConflict") };

export const list = route({
  method: "get",
  path: "/tickets",
  access: "user",
  request: { query: TicketListQuerySchema },
  responses: { 200: json(TicketPage, "One page (40) of the tab's tickets the caller may see, with the total count") },
});

export const showByUuid = route({
  method: "get",
  path: "/tickets/u/{uuid}",
  access: "user",
  request: { params: UuidParam },
  responses: { 200: json(TicketSchema, "The ticket (logs an access)") },
});

export const show = route({
  method: "get",
  path: "/tickets/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(TicketSchema, "The ticket") },
});

export const create = route({
  method: "post",
  path: "/tickets",
  access: "user",
  request: body(TicketCreateBody),
  responses: { 200: json(TicketSchema, "The new ticket, open for the caller"), ...conflict },
});

export const update = route({
  method: "put",
  path: "/tickets/{id}",
  access: "user",
  request: { params: IdParam, ...body(TicketUpdateSchema) },
  responses: { 200: json(TicketSchema, "The ticket after the transition (accept, return, resolve, ignore, reopen, transfer, integration toggle)"), ...conflict },
});

export const remove = route({
  method: "delete",
  path: "/tickets/{id}",
  access: "user",
  rule: "ticket-options:deleteTicket",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted") },
});

export const closeAll = route({
  method: "post",
  path: "/tickets/closeAll",
  access: "admin",
  request: body(CloseAllBody),
  responses: { 200: json(CloseAllResult, "How many tickets were closed") },
});

export const logs = route({
  method: "get",
  path: "/tickets-log/{ticketId}",
  access: "user",
  request: { params: TicketIdParam },
  responses: { 200: json(z.array(TicketLogSchema), "The ticket's log, newest first") },
});
