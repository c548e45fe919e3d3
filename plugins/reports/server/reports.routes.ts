import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import {
  ChartQuery,
  Dashboard,
  DashboardQuery,
  MomentsList,
  MomentsQuery,
  ReportExportQuery,
  ReportFormatParam,
  ReportPage,
  ReportQuery,
  TicketsDay,
  TicketsUsers,
  UsersMoments,
} from "./reports.schemas.ts";

const route = routeFactory(manifest);
const dashboardOnly = { 403: errorResponse("ERR_REPORTS_FORBIDDEN: a profile user without showDashboard") };
const realtimeOnly = { 403: errorResponse("ERR_REPORTS_FORBIDDEN: a profile user without allowRealTime") };

export const dashboard = route({
  method: "get",
  path: "/dashboard",
  description:
    "The dashboard's counters and attendant rows over the company's tickets created in the range (date_from..date_to, or the last `days` days; default the first of the month to today). Times in minutes, each mean with its median and p90 (plugins/reports/README.md 'Metric definitions').",
  request: { query: DashboardQuery },
  responses: { 200: json(Dashboard, "Counters and attendants"), ...dashboardOnly },
});

export const ticketsDay = route({
  method: "get",
  path: "/dashboard/ticketsDay",
  description: "Tickets created per day of the range (initialDate..finalDate).",
  request: { query: ChartQuery },
  responses: { 200: json(TicketsDay, "Tickets per day"), ...dashboardOnly },
});

export const ticketsUsers = route({
  method: "get",
  path: "/dashboard/ticketsUsers",
  description: "Tickets created in the range (initialDate..finalDate) per attendant holding them.",
  request: { query: ChartQuery },
  responses: { 200: json(TicketsUsers, "Tickets per attendant"), ...dashboardOnly },
});

export const moments = route({
  method: "get",
  path: "/dashboard/moments",
  description: "The real-time panel's live (pending and open) tickets the caller may see, active in the last 30 days (or dateStart..dateEnd), newest first, at most 500.",
  request: { query: MomentsQuery },
  responses: { 200: json(MomentsList, "The panel's tickets"), ...realtimeOnly },
});

export const usersMoments = route({
  method: "get",
  path: "/usersMoments",
  description: "The real-time panel's tickets grouped per attendant, the Pendentes group (user null) first.",
  request: { query: MomentsQuery },
  responses: { 200: json(UsersMoments, "Tickets per attendant"), ...realtimeOnly },
});

export const reports = route({
  method: "get",
  path: "/ticketreport/reports",
  description:
    "The ticket report: the company's tickets created in dateFrom..dateTo, newest first, filtered, a page of pageSize (the export asks 9999999: streamed, read in chunks, bounded in memory) with the total.",
  request: { query: ReportQuery },
  responses: { 200: json(ReportPage, "A page of the report"), ...dashboardOnly },
});

export const reportExport = route({
  method: "get",
  path: "/ticketreport/export/{format}",
  description:
    "The whole report for these filters as relatorio-de-atendimentos.xlsx or .csv (UTF-8 with BOM, ';' separated), streamed; cells a spreadsheet would run as a formula get a leading apostrophe.",
  request: { params: ReportFormatParam, query: ReportExportQuery },
  responses: {
    200: {
      description: "The file, as an attachment",
      content: {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) },
        "text/csv": { schema: z.string() },
      },
    },
    ...dashboardOnly,
  },
});

export const attendantsExport = route({
  method: "get",
  path: "/dashboard/attendants/export/{format}",
  description: "The attendants tab's rows (GET /dashboard's attendants) as atendentes.xlsx or .csv, streamed.",
  request: { params: ReportFormatParam, query: DashboardQuery },
  responses: {
    200: {
      description: "The file, as an attachment",
      content: {
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().openapi({ format: "binary" }) },
        "text/csv": { schema: z.string() },
      },
    },
    ...dashboardOnly,
  },
});
