import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import { view, type AnnouncementsService } from "./announcements.service.ts";
import * as r from "./announcements.routes.ts";

/** Thin handlers: read the validated input, call the service, answer. */
export function registerAnnouncementsHandlers(router: OpenAPIHono<AppEnv>, announcements: AnnouncementsService) {
  for (const listRoute of [r.list, r.listBare])
    router.openapi(listRoute, async (c) => {
      const { searchParam, pageNumber } = c.req.valid("query");
      return c.json(await announcements.page(c.get("user"), searchParam, pageNumber), 200);
    });
  router.openapi(r.show, async (c) => c.json(view(await announcements.get(c.get("user"), c.req.valid("param").id)), 200));
  router.openapi(r.create, async (c) => c.json(await announcements.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await announcements.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await announcements.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Announcement deleted" }, 200);
  });
  router.openapi(r.uploadMedia, async (c) => c.json(await announcements.attach(c.get("user"), c.req.valid("param").id, c.req.valid("form").file), 200));
  router.openapi(r.deleteMedia, async (c) => c.json(await announcements.detach(c.get("user"), c.req.valid("param").id), 200));
}
