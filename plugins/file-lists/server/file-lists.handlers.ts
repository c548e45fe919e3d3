import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { FileListsService } from "./file-lists.service.ts";
import * as r from "./file-lists.routes.ts";

/** Thin handlers: the company and the caller always come from the token. */
export function registerFileListsHandlers(router: OpenAPIHono<AppEnv>, lists: FileListsService) {
  router.openapi(r.list, async (c) => c.json(await lists.page(c.get("user").companyId, c.req.valid("query")), 200));
  router.openapi(r.show, async (c) => c.json(await lists.show(c.get("user").companyId, c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await lists.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await lists.update(c.get("user").companyId, c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await lists.remove(c.get("user").companyId, c.req.valid("param").id);
    return c.json({ message: "File list deleted" }, 200);
  });
  router.openapi(r.upload, async (c) => c.json(await lists.upload(c.get("user").companyId, c.req.valid("param").id, c.req.valid("form")), 200));
}
