import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { DashboardService } from "./dashboard.service.ts";
import { MomentsService } from "./moments.service.ts";
import { registerReportsHandlers } from "./reports.handlers.ts";
import { TicketReportService } from "./ticket-report.service.ts";

export default defineServerPlugin({
  manifest,
  setup(ctx) {
    registerReportsHandlers(ctx.router, {
      dashboard: new DashboardService(ctx.db),
      report: new TicketReportService(ctx.db),
      moments: new MomentsService(ctx.services),
    });
  },
});
