import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { QueuesService } from "./queues.service.ts";
import type { ReferenceRegistry } from "./reference-registry.ts";
import * as r from "./queues.routes.ts";

/** Thin handlers: the company is always the caller's. */
export function registerQueuesHandlers(router: OpenAPIHono<AppEnv>, queues: QueuesService, references: Pick<ReferenceRegistry, "kinds">) {
  router.openapi(r.referenceKinds, (c) => c.json({ kinds: references.kinds() }, 200));
  router.openapi(r.list, async (c) => c.json(await queues.list(c.get("user").companyId), 200));
  router.openapi(r.show, async (c) => c.json(await queues.show(c.get("user").companyId, c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await queues.create(c.get("user").companyId, c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await queues.update(c.get("user").companyId, c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await queues.remove(c.get("user").companyId, c.req.valid("param").id);
    return c.json({ message: "Queue deleted" }, 200);
  });
  router.openapi(r.showOption, async (c) => c.json(await queues.showOption(c.get("user").companyId, c.req.valid("param").id), 200));
  router.openapi(r.createOption, async (c) => c.json(await queues.createOption(c.get("user").companyId, c.req.valid("json")), 200));
  router.openapi(r.updateOption, async (c) => c.json(await queues.updateOption(c.get("user").companyId, c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.removeOption, async (c) => {
    await queues.removeOption(c.get("user").companyId, c.req.valid("param").id);
    return c.json({ message: "Chatbot deleted" }, 200);
  });
}
