import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import * as r from "./schedules.routes.ts";
import type { SchedulesService } from "./schedules.service.ts";

/** Thin handlers: the company always comes from the token. */
export function registerSchedulesHandlers(router: OpenAPIHono<AppEnv>, schedules: SchedulesService) {
  const company = (c: { get(k: "user"): { companyId: number } }) => c.get("user").companyId;

  router.openapi(r.list, async (c) => c.json(await schedules.page(company(c), c.req.valid("query")), 200));
  router.openapi(r.show, async (c) => c.json(await schedules.get(company(c), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await schedules.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await schedules.update(company(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await schedules.remove(company(c), c.req.valid("param").id);
    return c.json({ message: "Schedule deleted" }, 200);
  });
  router.openapi(r.uploadMedia, async (c) => c.json(await schedules.attach(company(c), c.req.valid("param").id, c.req.valid("form").file), 200));
  router.openapi(r.deleteMedia, async (c) => c.json(await schedules.detach(company(c), c.req.valid("param").id), 200));
}
