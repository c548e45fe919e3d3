import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import type { TicketNotesService } from "./ticket-notes.service.ts";
import * as r from "./ticket-notes.routes.ts";

/** Thin handlers: the company and the right to the ticket always come from the signed-in user. */
export function registerTicketNotesHandlers(router: OpenAPIHono<AppEnv>, notes: TicketNotesService) {
  router.openapi(r.create, async (c) => c.json(await notes.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.list, async (c) => c.json(await notes.list(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.remove, async (c) => {
    await notes.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Note deleted" }, 200);
  });
}
