import { routeFactory } from "../../../core/http/route.ts";
import { jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { BoardPage, BoardQuery, LaneList } from "./kanban.schemas.ts";

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
