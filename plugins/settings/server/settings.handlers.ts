import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { SettingsRules } from "./settings.service.ts";
import type { SettingsUploads } from "./settings.uploads.ts";
import * as r from "./settings.routes.ts";

/** Thin handlers: read the validated input, call the rules, answer. */
export function registerSettingsHandlers(router: OpenAPIHono<AppEnv>, rules: SettingsRules, uploads: SettingsUploads) {
  router.openapi(r.list, async (c) => c.json(await rules.list(c.get("user")), 200));
  router.openapi(r.update, async (c) => c.json(await rules.set(c.get("user"), c.req.valid("param").key, c.req.valid("json").value), 200));
  router.openapi(r.show, async (c) => c.json(await rules.one(c.get("user"), c.req.valid("param").key), 200));
  router.openapi(r.publicShow, async (c) => c.json(await rules.publicOne(c.req.valid("param").key), 200));
  router.openapi(r.companyAll, async (c) => c.json(await rules.companyAll(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.companyOne, async (c) => c.json(await rules.companyOne(c.get("user").companyId, c.req.valid("query").column), 200));
  router.openapi(r.companyUpdate, async (c) => {
    const { column, data } = c.req.valid("json");
    return c.json(await rules.setCompany(c.get("user").companyId, column, data), 200);
  });
  router.openapi(r.paymentProviders, async (c) => c.json(await rules.paymentProviders(), 200));
  router.openapi(r.logo, async (c) => {
    const { mode, file } = c.req.valid("form");
    return c.json(await uploads.logo(mode, file), 200);
  });
  router.openapi(r.certificate, async (c) => {
    await uploads.certificate(c.req.valid("query").ref, c.req.valid("form").file);
    return c.text("Arquivo Anexado", 200);
  });
}
