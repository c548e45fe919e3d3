import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import type { TicketLifecycle } from "./ticket-lifecycle.service.ts";
import type { TicketList } from "./ticket-list.service.ts";
import * as r from "./tickets.routes.ts";

/** Thin handlers: read the validated input, call the services, answer. */
export function registerTicketsHandlers(router: OpenAPIHono<AppEnv>, list: TicketList, life: TicketLifecycle) {
  router.openapi(r.list, async (c) => c.json(await list.page(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.showByUuid, async (c) => c.json(await life.show(c.get("user"), { uuid: c.req.valid("param").uuid }, true), 200));
  router.openapi(r.show, async (c) => c.json(await life.show(c.get("user"), { id: c.req.valid("param").id }), 200));
  router.openapi(r.create, async (c) => c.json(await life.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await life.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await life.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Ticket deleted" }, 200);
  });
  router.openapi(r.closeAll, async (c) => {
    const { status, selectedQueueIds } = c.req.valid("json");
    return c.json(await life.closeAll(c.get("user"), status, selectedQueueIds), 200);
  });
  router.openapi(r.logs, async (c) => c.json(await life.logs(c.get("user"), c.req.valid("param").ticketId), 200));
}
