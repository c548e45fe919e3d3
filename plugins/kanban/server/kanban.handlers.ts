import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { KanbanService } from "./kanban.service.ts";
import * as r from "./kanban.routes.ts";

/** Thin handlers: the company and the viewer always come from the token. */
export function registerKanbanHandlers(router: OpenAPIHono<AppEnv>, kanban: KanbanService) {
  router.openapi(r.lanes, async (c) => c.json({ lista: await kanban.lanes(c.get("user").companyId) }, 200));
  router.openapi(r.board, async (c) => c.json(await kanban.board(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.move, async (c) => c.json(await kanban.move(c.get("user"), c.req.valid("param").ticketId, c.req.valid("json").laneId), 200));
}
