import { and, asc, count, eq, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { mainConnectionReads, type Reads } from "../../../core/db/read-pool.ts";
import { users } from "../../../core/db/tables.ts";
import { ticketLogsView, ticketMessagesView, ticketsView } from "../schema/views.ts";
import { aggregateDashboard } from "./dashboard-aggregates.ts";
import { attendantRows, type AttendantRow, type DashboardCounters, dashboardCounters, type TicketFacts } from "./dashboard-figures.ts";
import { daysOf, type Range } from "./report-range.ts";

/** The logs the wait reads: a bot's start and its hand-over to the queue (metrics.ts). */
const BOT_LOGS = ["chatBot", "handOver", "queue", "redirect", "handBack"] as const;

/*
 * The dashboard's reads (spec 002 §7 "Dashboard, reports and panel"), each a range of one
 * company's rows through a (company, date) index: the tickets created in the range
 * (tickets_company_created_idx), their metric logs (ticket_logs_company_type_created_idx) and
 * the company's users (users_company_idx). What the numbers mean: dashboard-figures.ts, metrics.ts.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    /** The heavy aggregate's statements run here (the read pool's threads in the server). */
    private readonly reads: Reads = mainConnectionReads(db),
  ) {}

  /** GET /dashboard: the counters and one row per attendant for the tickets created in the range, aggregated by SQLite. */
  async dashboard(companyId: number, range: Range): Promise<{ counters: DashboardCounters; attendants: AttendantRow[] }> {
    return aggregateDashboard(this.reads, companyId, range, await this.attendants(companyId));
  }

  /** The same figures computed in JS from every ticket's facts: the reference the tests compare the SQL with. */
  async reference(companyId: number, range: Range): Promise<{ counters: DashboardCounters; attendants: AttendantRow[] }> {
    const [facts, attendants] = await Promise.all([this.facts(companyId, range), this.attendants(companyId)]);
    return { counters: dashboardCounters(facts), attendants: attendantRows(attendants, facts) };
  }

  /** GET /dashboard/ticketsDay: tickets created per day of the range (UTC), every day listed. */
  async ticketsDay(companyId: number, range: Range): Promise<{ data: { date: string; total: number }[]; count: number }> {
    const t = ticketsView;
    const day = sql<string>`substr(${t.createdAt}, 1, 10)`;
    const rows = await this.db
      .select({ day, total: count() })
      .from(t)
      .where(and(eq(t.companyId, companyId), gte(t.createdAt, range.start), lt(t.createdAt, range.end)))
      .groupBy(day);
    const byDay = new Map(rows.map((r) => [r.day, r.total]));
    const data = daysOf(range).map((date) => ({ date, total: byDay.get(date) ?? 0 }));
    return { data, count: data.reduce((n, d) => n + d.total, 0) };
  }

  /** GET /dashboard/ticketsUsers: tickets created in the range per attendant holding them now, most first. */
  async ticketsUsers(companyId: number, range: Range): Promise<{ data: { userId: number; name: string; total: number }[] }> {
    const t = ticketsView;
    const [rows, people] = await Promise.all([
      this.db
        .select({ userId: t.userId, total: count() })
        .from(t)
        .where(and(eq(t.companyId, companyId), gte(t.createdAt, range.start), lt(t.createdAt, range.end), isNotNull(t.userId)))
        .groupBy(t.userId),
      this.attendants(companyId),
    ]);
    const names = new Map(people.map((p) => [p.id, p.name]));
    const data = rows
      .filter((r): r is { userId: number; total: number } => r.userId !== null && names.has(r.userId))
      .map((r) => ({ userId: r.userId, name: names.get(r.userId)!, total: r.total }))
      .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
    return { data };
  }

  /** The company's users, for the attendant rows (names, presence). */
  async attendants(companyId: number): Promise<{ id: number; name: string; online: boolean }[]> {
    return this.db.select({ id: users.id, name: users.name, online: users.online }).from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name));
  }

  /** The metric facts of the tickets created in the range (the reference's input): two range reads, joined here. */
  async facts(companyId: number, range: Range): Promise<TicketFacts[]> {
    const t = ticketsView;
    const rows = await this.db
      .select({
        id: t.id,
        status: t.status,
        contactId: t.contactId,
        userId: t.userId,
        isGroup: t.isGroup,
        createdAt: t.createdAt,
        acceptedAt: t.acceptedAt,
        closedAt: t.closedAt,
        userRating: t.userRating,
      })
      .from(t)
      .where(and(eq(t.companyId, companyId), gte(t.createdAt, range.start), lt(t.createdAt, range.end)));
    if (!rows.length) return [];
    // The logs up to the last acceptance: a wait may end after the range.
    let until = range.end;
    for (const r of rows) if (r.acceptedAt && r.acceptedAt >= until) until = r.acceptedAt;
    const l = ticketLogsView;
    const window = and(eq(l.companyId, companyId), gte(l.createdAt, range.start), sql`${l.createdAt} <= ${until}`);
    // Two reads: the bot and queue logs (few tickets have them), and only the `create` logs that
    // name an attendant (the active tickets), never every ticket's `create` log.
    // The messages (first response) from the range's start on, notes left out: the reference
    // only (the tests'), it reads every later message of the company.
    const m = ticketMessagesView;
    const [logs, opened, messages] = await Promise.all([
      this.db
        .select({ ticketId: l.ticketId, type: l.type, createdAt: l.createdAt })
        .from(l)
        .where(and(window, inArray(l.type, [...BOT_LOGS]))),
      this.db
        .select({ ticketId: l.ticketId })
        .from(l)
        .where(and(window, eq(l.type, "create"), isNotNull(l.userId))),
      this.db
        .select({ ticketId: m.ticketId, fromMe: m.fromMe, userId: m.userId, createdAt: m.createdAt })
        .from(m)
        .where(and(eq(m.companyId, companyId), gte(m.createdAt, range.start), eq(m.isPrivate, false))),
    ]);
    const facts = new Map<number, TicketFacts>(rows.map((r) => [r.id, { ...r, openedByCompany: false, logs: [], messages: [] }]));
    for (const log of logs) facts.get(log.ticketId)?.logs.push({ type: log.type, createdAt: log.createdAt });
    for (const { ticketId, ...msg } of messages) facts.get(ticketId)?.messages.push(msg);
    for (const { ticketId } of opened) {
      const fact = facts.get(ticketId);
      if (fact) fact.openedByCompany = true;
    }
    return [...facts.values()];
  }
}
