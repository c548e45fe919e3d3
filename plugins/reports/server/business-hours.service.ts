import { sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { Services } from "../../../core/plugin/services.ts";
import "../../companies/server/companies.contract.ts";
import "../../queues/server/queues.contract.ts";
import { BusinessCalendar, reportTimeZone } from "./business-hours.ts";
import type { AttendantRow, DashboardCounters } from "./dashboard-figures.ts";
import { type DurationStats, durationStats } from "./metrics.ts";
import type { Range } from "./report-range.ts";
import type { Elapsed } from "./sla-compliance.ts";
import { slaFactsOfRange, type SlaTicketFacts } from "./sla-facts.ts";

/*
 * The business-hours view (`businessHours=true`): wait, support and first response counted
 * only inside the ticket's queue's office hours (the company's week when the ticket has no
 * queue or its queue keeps none), on the server's zone (`TZ`). Same definitions as
 * metrics.ts, only the clock differs (business-hours.ts). Computed in JS from each ticket's
 * facts (sla-facts.ts): the SQL aggregates count wall-clock time.
 */

type Times = { waitTime: DurationStats; supportTime: DurationStats; firstResponseTime: DurationStats };

export class BusinessHoursService {
  constructor(
    private readonly db: Db,
    private readonly services: Services,
  ) {}

  /** The clock of a company: each queue's calendar, the company's for queue 0 (none) and for a queue without a week. */
  async elapsedFor(companyId: number): Promise<Elapsed> {
    const [queues, week] = await Promise.all([this.services.require("queues.forBot")(companyId), this.services.require("companies.officeHours")(companyId)]);
    const zone = reportTimeZone();
    const company = new BusinessCalendar(week, zone);
    const byQueue = new Map(queues.filter((q) => q.schedules.length).map((q) => [q.id, new BusinessCalendar(q.schedules, zone)]));
    return (queueId, from, to) => (byQueue.get(queueId) ?? company).seconds(Date.parse(from), Date.parse(to));
  }

  /** The dashboard's durations in business hours: overall and per attendant holding the tickets. */
  async times(companyId: number, range: Range): Promise<{ overall: Times; byUser: Map<number, Times> }> {
    const [facts, elapsed] = await Promise.all([slaFactsOfRange(this.db, companyId, range, false), this.elapsedFor(companyId)]);
    const byUser = new Map<number, SlaTicketFacts[]>();
    for (const f of facts) {
      if (f.userId == null) continue;
      const list = byUser.get(f.userId);
      if (list) list.push(f);
      else byUser.set(f.userId, [f]);
    }
    return { overall: timesOf(facts, elapsed), byUser: new Map([...byUser].map(([id, list]) => [id, timesOf(list, elapsed)])) };
  }

  /** The dashboard's answer with its durations in business hours (counters and rows otherwise as they are). */
  async applyTo<D extends { counters: DashboardCounters; attendants: AttendantRow[] }>(companyId: number, range: Range, dashboard: D): Promise<D> {
    const { overall, byUser } = await this.times(companyId, range);
    const none = { waitTime: durationStats([]), supportTime: durationStats([]), firstResponseTime: durationStats([]) };
    return {
      ...dashboard,
      counters: { ...dashboard.counters, ...overall, avgWaitTime: overall.waitTime.avg, avgSupportTime: overall.supportTime.avg },
      attendants: dashboard.attendants.map((a) => {
        const mine = byUser.get(a.id) ?? none;
        return { ...a, ...mine, avgWaitTime: mine.waitTime.avg, avgSupportTime: mine.supportTime.avg };
      }),
    };
  }
}

/** A report page's rows with `supportTime` (closed − first accepted) in business minutes: one read of their clocks by id. */
export async function businessSupportTimes<R extends { id: number; supportTime: number | null }>(db: Db, companyId: number, rows: R[], elapsed: Elapsed): Promise<R[]> {
  if (!rows.length) return rows;
  const clocks = await db.all<{ id: number; queueId: number; acceptedAt: string | null; closedAt: string | null }>(sql`
    select t.id as id, coalesce(t.queue_id, 0) as queueId, t.accepted_at as acceptedAt, t.closed_at as closedAt
    from json_each(${JSON.stringify(rows.map((r) => r.id))}) j cross join tickets_view t on t.id = j.value
    where t.company_id = ${companyId}`);
  const byId = new Map(clocks.map((c) => [Number(c.id), c]));
  return rows.map((r) => {
    const c = byId.get(r.id);
    if (r.supportTime === null || !c?.acceptedAt || !c.closedAt) return r;
    return { ...r, supportTime: Math.round((elapsed(c.queueId, c.acceptedAt, c.closedAt) / 60) * 100) / 100 };
  });
}

/** metrics.ts's wait, support and first response of each ticket, on the business clock. */
function timesOf(facts: readonly SlaTicketFacts[], elapsed: Elapsed): Times {
  const waits: number[] = [];
  const supports: number[] = [];
  const firsts: number[] = [];
  for (const f of facts) {
    if (!f.acceptedAt) continue;
    waits.push(f.entered === null ? 0 : elapsed(f.queueId, f.entered, f.acceptedAt));
    if (f.closedAt) supports.push(elapsed(f.queueId, f.acceptedAt, f.closedAt));
    if (f.asked !== null && f.reply !== null) firsts.push(elapsed(f.queueId, f.asked, f.reply));
  }
  return { waitTime: durationStats(waits), supportTime: durationStats(supports), firstResponseTime: durationStats(firsts) };
}
