import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { Linking } from "./linking.service.ts";
import * as r from "./linking.routes.ts";

/** Thin handlers: the company from the token, the validated body, the service. */
export function registerLinkingHandlers(router: OpenAPIHono<AppEnv>, linking: Linking) {
  router.openapi(r.linkFacebook, async (c) => c.json(await linking.facebook(c.get("user").companyId, c.req.valid("json")), 200));
  router.openapi(r.linkWhatsappApi, async (c) => c.json(await linking.whatsappApi(c.get("user").companyId, c.req.valid("json")), 200));
}
