import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { SlaCompliance, SlaComplianceQuery, SlaTargets, SlaTargetsBody } from "./sla.schemas.ts";

const route = routeFactory(manifest);
const dashboardOnly = { 403: errorResponse("ERR_REPORTS_FORBIDDEN: a profile user without showDashboard") };

export const getSla = route({
  method: "get",
  path: "/reports/sla",
  description: "Every queue of the company with its SLA targets in minutes (first response, resolution; null: none).",
  responses: { 200: json(SlaTargets, "The targets"), ...dashboardOnly },
});

export const putSla = route({
  method: "put",
  path: "/reports/sla",
  access: "admin",
  description: "Replaces the company's SLA targets (admins). A queue not named, or with both targets null, has none; another company's queue is ERR_VALIDATION.",
  request: jsonBody(SlaTargetsBody),
  responses: { 200: json(SlaTargets, "The targets as saved") },
});

export const slaCompliance = route({
  method: "get",
  path: "/reports/sla/compliance",
  description: "% met per queue with a target over the tickets created in the range (plugins/reports/README.md 'SLA').",
  request: { query: SlaComplianceQuery },
  responses: { 200: json(SlaCompliance, "Compliance per queue"), ...dashboardOnly },
});
