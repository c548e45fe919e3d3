import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import { AppError } from "../../../core/errors.ts";
import type { IntegrationsService } from "./integrations.service.ts";
import type { IntegrationProvider } from "./runtime/integration-provider.ts";
import * as r from "./integrations.routes.ts";

/** Thin handlers: the company always comes from the token. */
export function registerIntegrationsHandlers(router: OpenAPIHono<AppEnv>, integrations: IntegrationsService, provider: IntegrationProvider) {
  const company = (c: { get(key: "user"): { companyId: number } }) => c.get("user").companyId;
  router.openapi(r.list, async (c) => c.json(await integrations.page(company(c), c.req.valid("query")), 200));
  router.openapi(r.testSession, async (c) => {
    const input = c.req.valid("json");
    const stored = input.id ? await integrations.open(company(c), input.id) : null;
    if (input.id && !stored) throw new AppError("ERR_NO_INTEGRATION_FOUND");
    const type = input.type ?? stored?.type;
    if (!type) throw new AppError("ERR_VALIDATION", { fields: { type: "Required" } });
    const pick = (k: "projectName" | "language" | "urlN8N" | "typebotSlug") => input[k] ?? stored?.[k] ?? "";
    const result = await provider.test(company(c), {
      ...(stored ?? {}),
      name: stored?.name ?? "test",
      type,
      projectName: pick("projectName"),
      language: pick("language"),
      urlN8N: pick("urlN8N"),
      typebotSlug: pick("typebotSlug"),
      secret: input.jsonContent || stored?.secret || "",
    } as Parameters<IntegrationProvider["test"]>[1]);
    return c.json(result, 200);
  });
  router.openapi(r.show, async (c) => c.json(await integrations.show(company(c), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await integrations.create(company(c), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await integrations.update(company(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await integrations.remove(company(c), c.req.valid("param").id);
    return c.json({ message: "Integration deleted" }, 200);
  });
}
