import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { HelpsService } from "./helps.service.ts";
import * as r from "./helps.routes.ts";

/** Thin handlers: read the validated input, call the service, answer. */
export function registerHelpsHandlers(router: OpenAPIHono<AppEnv>, helps: HelpsService) {
  router.openapi(r.list, async (c) => {
    const { searchParam, pageNumber } = c.req.valid("query");
    return c.json(await helps.page(searchParam, pageNumber), 200);
  });
  router.openapi(r.listAll, async (c) => c.json(await helps.all(), 200));
  router.openapi(r.show, async (c) => c.json(await helps.get(c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await helps.create(c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await helps.update(c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await helps.remove(c.req.valid("param").id);
    return c.json({ message: "Help deleted" }, 200);
  });
}
