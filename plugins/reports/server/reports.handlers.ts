import type { z } from "@hono/zod-openapi";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Db } from "../../../core/db/database.ts";
import type { AppEnv } from "../../../core/http/env.ts";
import { type BusinessHoursService, businessSupportTimes } from "./business-hours.service.ts";
import type { DashboardService } from "./dashboard.service.ts";
import { ensureMayView } from "./report-access.ts";
import { ATTENDANTS_FILE, attendantsFileStream, REPORT_FILE, reportFileStream, reportJsonStream } from "./report-export.ts";
import { rangeOf } from "./report-range.ts";
import * as r from "./reports.routes.ts";
import type { ReportExportQuery } from "./reports.schemas.ts";
import type { MomentsService } from "./moments.service.ts";
import { newTally, type ReportFilter, type ReportRow, type TicketReportService, WHOLE_PAGE_MAX } from "./ticket-report.service.ts";

const FILE_TYPES = { xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", csv: "text/csv; charset=utf-8" } as const;

function filterOf(q: z.output<typeof ReportExportQuery>): ReportFilter {
  return {
    range: rangeOf({ from: q.dateFrom, to: q.dateTo }),
    searchParam: q.searchParam?.trim() || undefined,
    contactId: q.contactId,
    whatsappIds: q.whatsappId,
    userIds: q.users,
    queueIds: q.queueIds,
    statuses: q.status,
    onlyRated: q.onlyRated === true,
  };
}

/** The big page's chunks with supportTime on the office-hours clock (rows read as objects: only when asked). */
async function* businessJsonChunks(s: { db: Db; hours: BusinessHoursService }, companyId: number, chunks: AsyncIterable<ReportRow[]>): AsyncGenerator<string> {
  const elapsed = await s.hours.elapsedFor(companyId);
  for await (const rows of chunks) yield (await businessSupportTimes(s.db, companyId, rows, elapsed)).map((r) => JSON.stringify(r)).join(",");
}

/** Thin handlers: the company always comes from the token; the area's permission first. */
export function registerReportsHandlers(
  router: OpenAPIHono<AppEnv>,
  s: { dashboard: DashboardService; report: TicketReportService; moments: MomentsService; hours: BusinessHoursService; db: Db },
) {
  router.openapi(r.dashboard, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const q = c.req.valid("query");
    const range = rangeOf({ from: q.date_from, to: q.date_to, days: q.days });
    const figures = await s.dashboard.dashboard(user.companyId, range);
    // The business-hours view: the same counters, the durations on the office-hours clock.
    const answer = q.businessHours ? await s.hours.applyTo(user.companyId, range, figures) : figures;
    return c.json({ from: range.from, to: range.to, ...answer }, 200);
  });
  router.openapi(r.ticketsDay, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const q = c.req.valid("query");
    return c.json(await s.dashboard.ticketsDay(user.companyId, rangeOf({ from: q.initialDate, to: q.finalDate })), 200);
  });
  router.openapi(r.ticketsUsers, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const q = c.req.valid("query");
    return c.json(await s.dashboard.ticketsUsers(user.companyId, rangeOf({ from: q.initialDate, to: q.finalDate })), 200);
  });
  router.openapi(r.reports, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const { page, pageSize, ...q } = c.req.valid("query");
    const filter = filterOf(q);
    if (pageSize <= WHOLE_PAGE_MAX) {
      const answer = await s.report.page(user.companyId, filter, page, pageSize);
      if (q.businessHours) answer.tickets = await businessSupportTimes(s.db, user.companyId, answer.tickets, await s.hours.elapsedFor(user.companyId));
      return c.json(answer, 200);
    }
    // The export's page (9999999): streamed in chunks, the total written after the rows (from
    // what the page learnt; businessHours reads row objects, untallied, so its total is counted).
    const offset = Math.min((page - 1) * pageSize, Number.MAX_SAFE_INTEGER);
    const tally = q.businessHours ? null : newTally();
    const chunks = tally
      ? s.report.jsonChunks(user.companyId, filter, pageSize, offset, tally)
      : businessJsonChunks(s, user.companyId, s.report.chunks(user.companyId, filter, pageSize, offset));
    const stream = reportJsonStream(chunks, () => s.report.totalAfter(user.companyId, filter, pageSize, offset, tally));
    return c.body(stream, 200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }) as never;
  });
  router.openapi(r.reportExport, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const { format } = c.req.valid("param");
    const q = c.req.valid("query");
    // businessHours=true: the support-time column on the office-hours clock, as the page's.
    const elapsed = q.businessHours ? await s.hours.elapsedFor(user.companyId) : undefined;
    const stream = reportFileStream(format, s.report.cellChunks(user.companyId, filterOf(q), Number.MAX_SAFE_INTEGER, elapsed));
    return c.body(stream, 200, {
      "content-type": FILE_TYPES[format],
      "content-disposition": `attachment; filename="${REPORT_FILE}.${format}"`,
      "cache-control": "no-store",
    });
  });
  router.openapi(r.attendantsExport, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "dashboard");
    const { format } = c.req.valid("param");
    const q = c.req.valid("query");
    const { attendants } = await s.dashboard.dashboard(user.companyId, rangeOf({ from: q.date_from, to: q.date_to, days: q.days }));
    return c.body(attendantsFileStream(format, attendants), 200, {
      "content-type": FILE_TYPES[format],
      "content-disposition": `attachment; filename="${ATTENDANTS_FILE}.${format}"`,
      "cache-control": "no-store",
    });
  });
  router.openapi(r.moments, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "realtime");
    return c.json(await s.moments.tickets(user, c.req.valid("query")), 200);
  });
  router.openapi(r.usersMoments, async (c) => {
    const user = c.get("user");
    ensureMayView(user, "realtime");
    return c.json(await s.moments.byUser(user, c.req.valid("query")), 200);
  });
}
