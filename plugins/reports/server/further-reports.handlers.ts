import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { BusinessHoursService } from "./business-hours.service.ts";
import { furtherFile } from "./further-export.ts";
import * as r from "./further-reports.routes.ts";
import { DURATION_BUCKETS, type FurtherReportsService } from "./further-reports.service.ts";
import { ensureMayView } from "./report-access.ts";
import { rangeOf } from "./report-range.ts";

const FILE_TYPES = { pdf: "application/pdf", zip: "application/zip" } as const;

/** Thin handlers of the further reports: the company from the token, showDashboard first. */
export function registerFurtherReportsHandlers(router: OpenAPIHono<AppEnv>, s: FurtherReportsService, hours: BusinessHoursService) {
  const rangeFrom = (q: { date_from?: string; date_to?: string; days?: number }) => rangeOf({ from: q.date_from, to: q.date_to, days: q.days });
  // businessHours=true: support times on the office-hours clock (the dashboard's and the report's).
  const clockOf = (companyId: number, q: { businessHours?: boolean }) => (q.businessHours ? hours.elapsedFor(companyId) : Promise.resolve(undefined));
  router.openapi(r.groupAttendance, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const q = c.req.valid("query");
    const range = rangeFrom(q);
    return c.json({ from: range.from, to: range.to, ...(await s.groupAttendance(user.companyId, range, await clockOf(user.companyId, q))) }, 200);
  });
  router.openapi(r.ticketDuration, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const q = c.req.valid("query");
    const range = rangeFrom(q);
    return c.json({ from: range.from, to: range.to, buckets: [...DURATION_BUCKETS], ...(await s.ticketDuration(user.companyId, range, await clockOf(user.companyId, q))) }, 200);
  });
  router.openapi(r.surveyResults, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const range = rangeFrom(c.req.valid("query"));
    return c.json({ from: range.from, to: range.to, ...(await s.surveyResults(user.companyId, range)) }, 200);
  });
  router.openapi(r.furtherExport, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const { report, format } = c.req.valid("param");
    const q = c.req.valid("query");
    const file = await furtherFile(s, report, format, user.companyId, rangeFrom(q), await clockOf(user.companyId, q));
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": FILE_TYPES[format],
      "content-disposition": `attachment; filename="${file.name}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
  });
}
