import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { PlansService } from "./plans.service.ts";
import type { planRoutes } from "./plans.routes.ts";

/** Thin handlers: read the validated input, call the service, answer. */
export function registerPlansHandlers(router: OpenAPIHono<AppEnv>, r: ReturnType<typeof planRoutes>, plans: PlansService) {
  router.openapi(r.listPublic, async (c) => c.json(await plans.listPublic(), 200));
  router.openapi(r.listAll, async (c) => c.json(await plans.listAll(), 200));
  router.openapi(r.show, async (c) => c.json(await plans.get(c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await plans.create(c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await plans.update(c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await plans.remove(c.req.valid("param").id);
    return c.json({ message: "Plan deleted" }, 200);
  });
}
