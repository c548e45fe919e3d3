/**
 * The reads a report plugin makes over the tickets plugin's published views (issue 24,
 * plugins/tickets/README.md "Read views for reports"): the scratch plugin's report itself, and
 * the per-attendant, per-queue and rating summaries a dashboard asks, each over one company's
 * date range. Run while the plan test captures statements, so they are checked like every
 * route's reads; `REPORT_INDEXES` names the index each must read its range through.
 */
import type { TestKernel } from "../../support/test-kernel.ts";
import { TicketReportService } from "../../../plugins/reports/server/ticket-report.service.ts";
import { ticketReport } from "../../plugin-contract/scratch-board/server/report.ts";

/** A statement's view → the index its range must use (matched on the statement's text); a list: the indexes in the plan's order. */
export const REPORT_INDEXES: { match: RegExp; index: string | string[] }[] = [
  { match: /from "tickets_view"|from tickets_view/, index: "tickets_company_created_idx" },
  // The ticket report's rows (plugins/reports/server/ticket-report.service.ts): each contact's name from its narrow index.
  { match: /from "tickets_view" (?:left|inner) join "contact_names_view"/, index: ["tickets_company_created_idx", "contacts_id_name_idx"] },
  { match: /from tickets_view where company_id = \? and closed_at/, index: "tickets_company_closed_idx" },
  { match: /from "ticket_logs_view"|from ticket_logs_view/, index: "ticket_logs_company_type_created_idx" },
  { match: /from "ticket_ratings_view"|from ticket_ratings_view/, index: "ticket_ratings_company_created_idx" },
  // GET /messages-allMe over a period (issue 28): the company's messages of the range, counted from the index alone.
  { match: /from "messages" where .*"messages"\."created_at" >= \?/, index: "messages_company_created_idx" },
  // GET /dashboard aggregated in SQL (issue 28, plugins/reports/server/dashboard-aggregates.ts):
  // the counters and durations (kept at write time in the tickets' row) and the leads read the
  // tickets' range (the first rule); the company-opened tickets walk the `create` logs' range,
  // each ticket by primary key.
  { match: /select count\(distinct l\.ticket_id\) as n\s+from ticket_logs_view l cross join tickets_view t/, index: "ticket_logs_company_type_created_idx" },
];

/**
 * GET /dashboard's three statements (plugins/reports/server/dashboard-aggregates.ts): every index
 * they search must cover what they read (tickets_company_created_idx, ticket_logs_company_type_created_idx),
 * so a month is read from the indexes alone.
 */
export const DASHBOARD_READS: RegExp[] = [/^\s*select user_id as userId, count\(\*\) as tickets/, /select count\(distinct l\.ticket_id\) as n\s+from ticket_logs_view l/];

/**
 * Statements of SLA per queue (plugins/reports/server/sla-facts.ts: the range's tickets, their bot
 * logs, the first messages by ticket), the business-hours page (each row's clocks by id) and the
 * further reports (further-reports.service.ts): the plan test must see each of them run.
 */
export const FURTHER_READS: RegExp[] = [
  /from ticket_logs_view l cross join tickets_view t on t\.id = l\.ticket_id/,
  /from json_each\(\?\) j cross join ticket_logs_view l/,
  /select min\(m\.created_at\) from ticket_messages_view m/,
  /from json_each\(\?\) j cross join tickets_view t on t\.id = j\.value/,
  /from "report_sla_targets"/,
  /where t\.company_id = \? and t\.created_at >= \? and t\.created_at < \? and \+t\.is_group = 1/,
  /sum\(x\.m >= \? and x\.m < \?\)/,
  /\+t\.user_rating between 0 and 10/,
  // businessHours=true: the resolved tickets' clocks (further reports), the export's rows with their clocks.
  /select t\.contact_id as groupId, t\.user_id as userId, t\.queue_id as queueId, q\.name as queueName, t\.accepted_at as acceptedAt/,
  /json_array\([\s\S]*coalesce\("tickets_view"\."queue_id", 0\)/,
];

/** The indexes a report statement must use, in the plan's order: the last rule its text matches. */
export function expectedReportIndex(sql: string): string[] | null {
  let found: string[] | null = null;
  for (const rule of REPORT_INDEXES) if (rule.match.test(sql)) found = typeof rule.index === "string" ? [rule.index] : rule.index;
  return found;
}

/** A month of reports for `companyId`, ending today. */
export async function runReportReads(t: TestKernel, companyId: number): Promise<void> {
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  await ticketReport(t.kernel.db, companyId, day(from), day(to));
  const args = [companyId, from.toISOString(), to.toISOString()];
  const run = (sql: string) => t.kernel.database.client.execute({ sql, args });
  // Attendants: tickets resolved in the range, their support time; waits of those created in it.
  await run(
    "select user_id, count(*), avg((julianday(closed_at) - julianday(accepted_at)) * 86400) from tickets_view where company_id = ? and closed_at >= ? and closed_at < ? group by user_id",
  );
  await run(
    "select queue_id, count(*), count(accepted_at), avg((julianday(accepted_at) - julianday(created_at)) * 86400) from tickets_view where company_id = ? and created_at >= ? and created_at < ? group by queue_id",
  );
  await run("select user_id, count(*), avg(rate) from ticket_ratings_view where company_id = ? and created_at >= ? and created_at < ? group by user_id");
  await run("select type, count(*) from ticket_logs_view where company_id = ? and type in ('transfered', 'reopen') and created_at >= ? and created_at < ? group by type");
  // A big page's chunk after a cursor, filtered (the keyset chunks: the range in index order,
  // each contact's name from contact_names_view's index).
  const range = { from: day(from), to: day(to), start: from.toISOString(), end: to.toISOString() };
  const filter = { range, whatsappIds: [], userIds: [], queueIds: [], statuses: ["open", "closed"], onlyRated: false };
  await t.kernel.db.all(new TicketReportService(t.kernel.db).chunkQuery(companyId, filter, 1000, 0, [to.toISOString(), 1]));
}
