import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { BoardPage, BoardQuery, LaneList, MoveInput, MoveParams, Moved } from "./kanban.schemas.ts";

const route = routeFactory(manifest);

export const lanes = route({
  method: "get",
  path: "/tag/kanban",
  access: "user",
  description: "The company's kanban lanes (tags with kanban = 1) by name, each with how many tickets carry it (spec 002 §7: `lista`).",
  responses: { 200: json(LaneList, "The lanes") },
});

export const board = route({
  method: "get",
  path: "/ticket/kanban",
  access: "user",
  description:
    "The board's tickets: pending and open tickets the caller may see (the ticket list's visibility and queue filter), last active between startDate and endDate (default today), newest first, at most 500.",
  request: { query: BoardQuery },
  responses: { 200: json(BoardPage, "The tickets") },
});

export const move = route({
  method: "put",
  path: "/ticket/kanban/{ticketId}",
  access: "user",
  description:
    "Moves a ticket to another lane in ONE transaction (the board's drag, spec 002 §4.3: the old lane link goes, then the new one is set; the ticket's other tags stay): a failure leaves it in its old lane. A null lane is the default lane. Only a ticket the caller may open (the rule of GET /tickets/{id}). The ticket's update is announced.",
  request: { params: MoveParams, ...body(MoveInput) },
  responses: {
    200: json(Moved, "Where the ticket is now"),
    400: errorResponse("ERR_VALIDATION (laneId: a tag of the company that is not a kanban lane)"),
    403: errorResponse(
      "ERR_NO_PERMISSION for a ticket the caller may not open (the rule of GET /tickets/{id}); as on every route, also an invalid token, a disabled company or a plan without kanban",
    ),
    404: errorResponse("ERR_NO_TICKET_FOUND (not a ticket of the company) or ERR_NOT_FOUND (not a tag of the company)"),
  },
});
