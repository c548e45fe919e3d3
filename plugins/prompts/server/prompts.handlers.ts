import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { PromptsService } from "./prompts.service.ts";
import * as r from "./prompts.routes.ts";

/** Thin handlers: the company and the caller always come from the token. */
export function registerPromptsHandlers(router: OpenAPIHono<AppEnv>, prompts: PromptsService) {
  router.openapi(r.list, async (c) => c.json({ prompts: await prompts.list(c.get("user")) }, 200));
  router.openapi(r.show, async (c) => c.json(await prompts.show(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await prompts.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await prompts.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await prompts.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Prompt deleted" }, 200);
  });
}
