import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { QuickMessagesService } from "./quick-messages.service.ts";
import * as r from "./quick-messages.routes.ts";

/** Thin handlers: the company and the caller always come from the token. */
export function registerQuickMessagesHandlers(router: OpenAPIHono<AppEnv>, quick: QuickMessagesService) {
  router.openapi(r.list, async (c) => c.json(await quick.page(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.listAll, async (c) => c.json(await quick.usable(c.get("user")), 200));
  router.openapi(r.show, async (c) => c.json(await quick.show(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await quick.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await quick.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await quick.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Quick message deleted" }, 200);
  });
  router.openapi(r.uploadMedia, async (c) => c.json(await quick.attach(c.get("user"), c.req.valid("param").id, c.req.valid("form").file), 200));
  router.openapi(r.deleteMedia, async (c) => c.json(await quick.detach(c.get("user"), c.req.valid("param").id), 200));
}
