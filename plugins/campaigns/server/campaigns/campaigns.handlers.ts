import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import type { CampaignSettingsStore } from "../settings/campaign-settings.ts";
import type { CampaignReports } from "./campaign-report.ts";
import * as r from "./campaigns.routes.ts";
import type { CampaignsService } from "./campaigns.service.ts";

/** Thin handlers: the company always comes from the token. */
export function registerCampaignHandlers(router: OpenAPIHono<AppEnv>, campaigns: CampaignsService, reports: CampaignReports, settings: CampaignSettingsStore) {
  const company = (c: { get(k: "user"): { companyId: number } }) => c.get("user").companyId;

  router.openapi(r.getSettings, async (c) => c.json(await settings.list(company(c)), 200));
  router.openapi(r.saveSettings, async (c) => c.json(await settings.save(company(c), c.req.valid("json").settings), 200));
  router.openapi(r.list, async (c) => c.json(await campaigns.page(company(c), c.req.valid("query")), 200));
  router.openapi(r.show, async (c) => c.json(await campaigns.get(company(c), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await campaigns.create(company(c), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await campaigns.update(company(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await campaigns.remove(company(c), c.req.valid("param").id);
    return c.json({ message: "Campaign deleted" }, 200);
  });
  router.openapi(r.cancel, async (c) => c.json(await campaigns.cancel(company(c), c.req.valid("param").id), 200));
  router.openapi(r.restart, async (c) => c.json(await campaigns.restart(company(c), c.req.valid("param").id), 200));
  router.openapi(r.report, async (c) => c.json(await reports.report(company(c), c.req.valid("param").id), 200));
  router.openapi(r.uploadMedia, async (c) => c.json(await campaigns.attach(company(c), c.req.valid("param").id, c.req.valid("form").file), 200));
  router.openapi(r.deleteMedia, async (c) => c.json(await campaigns.detach(company(c), c.req.valid("param").id), 200));
}
