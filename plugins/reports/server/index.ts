import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { BusinessHoursService } from "./business-hours.service.ts";
import { DashboardService } from "./dashboard.service.ts";
import { registerFurtherReportsHandlers } from "./further-reports.handlers.ts";
import { FurtherReportsService } from "./further-reports.service.ts";
import { MomentsService } from "./moments.service.ts";
import { registerReportsHandlers } from "./reports.handlers.ts";
import { registerSlaHandlers } from "./sla.handlers.ts";
import { SlaService } from "./sla.service.ts";
import { SlaTargetsService } from "./sla-targets.service.ts";
import { TicketReportService } from "./ticket-report.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const sla = new SlaService(ctx.db, new SlaTargetsService(ctx.db));
    const hours = new BusinessHoursService(ctx.db, ctx.services);
    registerReportsHandlers(ctx.router, {
      dashboard: new DashboardService(ctx.db, ctx.reads),
      report: new TicketReportService(ctx.db, ctx.reads),
      moments: new MomentsService(ctx.services, (companyId, tickets, now) => sla.marks(companyId, tickets, now)),
      hours,
      db: ctx.db,
    });
    registerSlaHandlers(ctx.router, sla, hours);
    registerFurtherReportsHandlers(ctx.router, new FurtherReportsService(ctx.db, ctx.reads), hours);
  },
});
