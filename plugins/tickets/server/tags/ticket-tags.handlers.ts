import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import type { TicketTagsService } from "./ticket-tags.service.ts";
import * as r from "./ticket-tags.routes.ts";

/** Thin handlers: the company and the right to the ticket always come from the signed-in user. */
export function registerTicketTagsHandlers(router: OpenAPIHono<AppEnv>, ticketTags: TicketTagsService) {
  router.openapi(r.link, async (c) => {
    const { ticketId, tagId } = c.req.valid("param");
    return c.json(await ticketTags.link(c.get("user"), ticketId, tagId), 200);
  });
  router.openapi(r.clear, async (c) => {
    await ticketTags.clear(c.get("user"), c.req.valid("param").ticketId);
    return c.json({ message: "Ticket tags removed" }, 200);
  });
}
