import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import { clientAddress } from "../../../core/http/client-info.ts";
import type { SignupService } from "./signup.service.ts";
import * as r from "./signup.routes.ts";

/** Thin handler: the caller's address (as login limiting reads it), the validated body, the service. */
export function registerSignupHandlers(router: OpenAPIHono<AppEnv>, service: SignupService) {
  router.openapi(r.signup, async (c) => {
    const address = clientAddress(c);
    const { name, email, password, companyName, phone, planId } = c.req.valid("json");
    return c.json(await service.signup({ name, email, password, companyName, phone, planId }, address), 200);
  });
}
