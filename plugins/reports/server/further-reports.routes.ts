import { z } from "@hono/zod-openapi";
import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { FurtherExportParams, FurtherQuery, GroupAttendance, SurveyResults, TicketDuration } from "./further-reports.schemas.ts";

const route = routeFactory(manifest);
const dashboardOnly = { 403: errorResponse("ERR_REPORTS_FORBIDDEN: a profile user without showDashboard") };

export const groupAttendance = route({
  method: "get",
  path: "/reports/group-attendance",
  description: "Tickets of group conversations created in the range (date_from..date_to), per group and attendant holding them.",
  request: { query: FurtherQuery },
  responses: { 200: json(GroupAttendance, "Group attendance"), ...dashboardOnly },
});

export const ticketDuration = route({
  method: "get",
  path: "/reports/ticket-duration",
  description: "The support time (closed − first accepted) of the resolved tickets created in the range, in buckets, per queue.",
  request: { query: FurtherQuery },
  responses: { 200: json(TicketDuration, "Ticket duration"), ...dashboardOnly },
});

export const surveyResults = route({
  method: "get",
  path: "/reports/survey-results",
  description: "NPS answers (0–10) of the tickets created in the range: distribution, promoters (9–10), passives (7–8), detractors (0–6) overall and per attendant.",
  request: { query: FurtherQuery },
  responses: { 200: json(SurveyResults, "Survey results"), ...dashboardOnly },
});

export const furtherExport = route({
  method: "get",
  path: "/reports/{report}/export/{format}",
  description: "A further report as a PDF, or as a .zip of its tables as CSV (UTF-8 with BOM, ';' separated, formula-safe), as an attachment.",
  request: { params: FurtherExportParams, query: FurtherQuery },
  responses: {
    200: {
      description: "The file, as an attachment",
      content: {
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "application/zip": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    ...dashboardOnly,
  },
});
