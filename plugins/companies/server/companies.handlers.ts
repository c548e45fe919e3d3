import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { EventBus } from "../../../core/events/bus.ts";
import type { CompaniesService } from "./companies.service.ts";
import { ensureCompanyAccess } from "./company-access.ts";
import * as r from "./companies.routes.ts";

/** Thin handlers: read the validated input, check who may touch which company, call the service. */
export function registerCompaniesHandlers(router: OpenAPIHono<AppEnv>, companies: CompaniesService, bus: EventBus, listPlan: ReturnType<typeof r.listPlanRoute>) {
  router.openapi(r.page, async (c) => {
    const { searchParam, pageNumber } = c.req.valid("query");
    return c.json(await companies.page(searchParam, pageNumber), 200);
  });
  router.openapi(r.listAll, async (c) => c.json(await companies.listAll(), 200));
  router.openapi(r.planPage, async (c) => {
    const { searchParam, pageNumber } = c.req.valid("query");
    return c.json(await companies.pageWithUsage(searchParam, pageNumber), 200);
  });
  router.openapi(r.planPageBare, async (c) => {
    const { searchParam, pageNumber } = c.req.valid("query");
    return c.json(await companies.pageWithUsage(searchParam, pageNumber), 200);
  });
  router.openapi(listPlan, async (c) => {
    const { companyId } = c.req.valid("param");
    ensureCompanyAccess(c.get("user"), companyId, "user");
    return c.json(await companies.withPlan(companyId), 200);
  });
  router.openapi(r.show, async (c) => {
    const { id } = c.req.valid("param");
    ensureCompanyAccess(c.get("user"), id, "admin");
    return c.json(await companies.detail(id), 200);
  });
  router.openapi(r.create, async (c) => {
    const { adminName, password, ...input } = c.req.valid("json");
    const { company, user } = await companies.create({ ...input, adminName, password });
    await bus.emit("companies.company.created", { companyId: company.id, adminUserId: user.id });
    return c.json(await companies.get(company.id), 200);
  });
  router.openapi(r.update, async (c) => c.json(await companies.update(c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    const { id } = c.req.valid("param");
    await companies.remove(id, c.get("user"));
    await bus.emit("companies.company.deleted", { companyId: id });
    return c.json({ message: "Company deleted" }, 200);
  });
  router.openapi(r.schedules, async (c) => {
    const { id } = c.req.valid("param");
    ensureCompanyAccess(c.get("user"), id, "admin");
    await companies.get(id);
    await companies.schedules.replace(id, c.req.valid("json").schedules);
    return c.json(await companies.detail(id), 200);
  });
  router.openapi(r.renew, async (c) => c.json(await companies.renew(c.req.valid("param").id), 200));
}
