import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { TagsService } from "./tags.service.ts";
import * as r from "./tags.routes.ts";

/** Thin handlers: the company always comes from the token. */
export function registerTagsHandlers(router: OpenAPIHono<AppEnv>, tags: TagsService) {
  const company = (c: { get(k: "user"): { companyId: number } }) => c.get("user").companyId;

  router.openapi(r.list, async (c) => c.json(await tags.page(company(c), c.req.valid("query")), 200));
  router.openapi(r.listAll, async (c) => c.json(await tags.list(company(c), c.req.valid("query").kanban), 200));
  router.openapi(r.show, async (c) => c.json(await tags.get(company(c), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await tags.create(company(c), c.get("user").id, c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await tags.update(company(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await tags.remove(company(c), c.req.valid("param").id);
    return c.json({ message: "Tag deleted" }, 200);
  });
  router.openapi(r.sync, async (c) => {
    const { contactId, tags: items } = c.req.valid("json");
    return c.json({ contactId, tags: await tags.sync(company(c), c.get("user").id, contactId, items) }, 200);
  });
  router.openapi(r.contactTags, async (c) => {
    const { contactId } = c.req.valid("param");
    return c.json({ contactId, tags: await tags.ofContact(company(c), contactId) }, 200);
  });
}
