import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
// The contracts merge the `companies.create` service and this plugin's events into the kernel's maps.
import "./companies.contract.ts";
import "./companies-events.contract.ts";
import { registerCompaniesHandlers } from "./companies.handlers.ts";
import { listPlanRoute } from "./companies.routes.ts";
import { companyWithPlanSchema } from "./companies.schemas.ts";
import { CompaniesService } from "./companies.service.ts";
import { SchedulesService } from "./schedules.service.ts";

/** Owns company_schedules (office hours); companies and users are kernel tables. */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const schedules = new SchedulesService(ctx.db);
    const companies = new CompaniesService(ctx.db, ctx.settings, ctx.storage, schedules, ctx.log, ctx.companyAccess, ctx.planFeatures);
    ctx.services.provide("companies.officeHours", (companyId) => schedules.get(companyId));
    ctx.services.provide("companies.renew", (companyId, tx) => companies.renewIn(tx ?? ctx.db, companyId));
    ctx.services.provide("companies.create", async (input) => {
      const created = await companies.create(input);
      await ctx.bus.emit("companies.company.created", { companyId: created.company.id, adminUserId: created.user.id });
      return created;
    });
    registerCompaniesHandlers(ctx.router, companies, ctx.bus, listPlanRoute(companyWithPlanSchema(ctx.planFeatures.declared)));
  },
});
