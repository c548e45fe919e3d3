import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import * as r from "./closed-imported.routes.ts";
import type { ImportedTickets } from "./imported-tickets.ts";

export function registerClosedImportedHandlers(router: OpenAPIHono<AppEnv>, imported: ImportedTickets) {
  router.openapi(r.closedImported, async (c) => c.json(await imported.closeImported(c.get("user").companyId, c.req.valid("param").id), 200));
}
