import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import * as r from "./suppressions.routes.ts";
import type { SuppressionsService } from "./suppressions.service.ts";

/** Thin handlers: the company always comes from the token. */
export function registerSuppressionHandlers(router: OpenAPIHono<AppEnv>, suppressions: SuppressionsService) {
  const company = (c: { get(k: "user"): { companyId: number } }) => c.get("user").companyId;
  router.openapi(r.list, async (c) => c.json(await suppressions.page(company(c), c.req.valid("query")), 200));
  router.openapi(r.create, async (c) => c.json(await suppressions.add(company(c), c.req.valid("json").number), 200));
  router.openapi(r.remove, async (c) => {
    await suppressions.remove(company(c), c.req.valid("param").id);
    return c.json({ message: "Suppression removed" }, 200);
  });
}
