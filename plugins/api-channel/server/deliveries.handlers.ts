import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { Deliveries } from "./deliveries.service.ts";
import * as r from "./deliveries.routes.ts";

/** Thin handlers: the company always comes from the signed-in admin. */
export function registerDeliveriesHandlers(router: OpenAPIHono<AppEnv>, deliveries: Deliveries) {
  router.openapi(r.list, async (c) => {
    const { whatsappId, pageNumber } = c.req.valid("query");
    return c.json(await deliveries.page(c.get("user").companyId, whatsappId, pageNumber), 200);
  });
  router.openapi(r.retry, async (c) => {
    await deliveries.retry(c.get("user").companyId, c.req.valid("param").id);
    return c.json({ message: "Delivery queued" }, 200);
  });
}
