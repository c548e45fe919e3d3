import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import { furtherFile } from "./further-export.ts";
import * as r from "./further-reports.routes.ts";
import { DURATION_BUCKETS, type FurtherReportsService } from "./further-reports.service.ts";
import { ensureMayView } from "./report-access.ts";
import { rangeOf } from "./report-range.ts";

const FILE_TYPES = { pdf: "application/pdf", zip: "application/zip" } as const;

/** Thin handlers of the further reports: the company from the token, showDashboard first. */
export function registerFurtherReportsHandlers(router: OpenAPIHono<AppEnv>, s: FurtherReportsService) {
  const rangeFrom = (q: { date_from?: string; date_to?: string; days?: number }) => rangeOf({ from: q.date_from, to: q.date_to, days: q.days });
  router.openapi(r.groupAttendance, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const range = rangeFrom(c.req.valid("query"));
    return c.json({ from: range.from, to: range.to, ...(await s.groupAttendance(user.companyId, range)) }, 200);
  });
  router.openapi(r.ticketDuration, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const range = rangeFrom(c.req.valid("query"));
    return c.json({ from: range.from, to: range.to, buckets: [...DURATION_BUCKETS], ...(await s.ticketDuration(user.companyId, range)) }, 200);
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
    const file = await furtherFile(s, report, format, user.companyId, rangeFrom(c.req.valid("query")));
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": FILE_TYPES[format],
      "content-disposition": `attachment; filename="${file.name}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
  });
}
