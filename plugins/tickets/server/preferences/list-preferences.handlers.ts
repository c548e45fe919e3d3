import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import * as r from "./list-preferences.routes.ts";
import type { TicketListPreferences } from "./list-preferences.ts";

/** Thin handlers: read the validated input, call the service, answer. */
export function registerListPreferencesHandlers(router: OpenAPIHono<AppEnv>, preferences: TicketListPreferences): void {
  router.openapi(r.ticketsWidth, async (c) => {
    const { userId } = c.req.valid("param");
    return c.json(await preferences.setWidth(c.get("user"), userId, c.req.valid("json").defaultTicketsManagerWidth), 200);
  });
}
