import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { FlowDraftsService } from "./flow-drafts.service.ts";
import * as r from "./flow-drafts.routes.ts";

/** The editor's unpublished drafts; the company and the caller come from the token. */
export function registerFlowDraftsHandlers(router: OpenAPIHono<AppEnv>, drafts: FlowDraftsService) {
  router.openapi(r.getDraft, async (c) => c.json(await drafts.get(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.putDraft, async (c) => c.json(await drafts.put(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.deleteDraft, async (c) => {
    await drafts.discard(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Draft discarded" }, 200);
  });
}
