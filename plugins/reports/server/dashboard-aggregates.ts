import { type SQL, sql } from "drizzle-orm";
import type { Reads } from "../../../core/db/read-pool.ts";
import type { Attendant, AttendantRow, DashboardCounters } from "./dashboard-figures.ts";
import { type DurationStats, durationStats } from "./metrics.ts";
import type { Range } from "./report-range.ts";

/*
 * GET /dashboard aggregated by SQLite (issue 28: a month is ~27,000 tickets at 100k). Same
 * definitions as dashboard-figures.ts and metrics.ts, which stay the reference:
 * dashboard-aggregates.test.ts compares both on the same data. The durations are kept at
 * write time by the tickets plugin as whole milliseconds (`wait_ms`, `support_ms`,
 * `first_response_ms` in tickets_view, from the instants of migration tickets/0025 by the
 * trigger of 0026), so the dashboard reads no log, no message and no date for them. One range
 * of tickets_company_created_idx (covering) grouped per attendant gives the counters, every
 * duration (a list of milliseconds per attendant, ranked here by metrics.ts's durationStats)
 * and the contacts (the leads, counted distinct here). Beside it, the tickets the company
 * opened (`create` logs naming a user, few). Both run on the read pool (core/db/read-pool.ts):
 * off the event loop, the scan's two halves at once on two threads.
 */

interface UserCounts {
  userId: number | null;
  tickets: number;
  open: number;
  pending: number;
  groups: number;
  resolved: number;
  rated: number;
  ratingSum: number;
  promoters: number;
  passives: number;
  waitRating: number;
  closedUnrated: number;
  lastAccepted: string | null;
  /** The attendant's waits, supports and first responses, milliseconds joined by commas (null: none). */
  waits: string | null;
  supports: string | null;
  firsts: string | null;
  /** The contact of every ticket, ids joined by commas: the leads are the distinct ones of all rows. */
  contacts: string | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const perc = (k: number, n: number) => (n ? round2((k * 100) / n) : 0);

export async function aggregateDashboard(
  db: Reads,
  companyId: number,
  range: Range,
  people: readonly Attendant[],
): Promise<{ counters: DashboardCounters; attendants: AttendantRow[] }> {
  // The per-attendant scan is most of the work: its two halves of the range (split at the middle
  // instant up to now; tickets come in about evenly) run at once on the read pool's two threads,
  // then are merged here (sums, lists joined, the later acceptance).
  const [startMs, endMs, now] = [Date.parse(range.start), Date.parse(range.end), Date.now()];
  const mid = new Date((startMs + (now > startMs && now < endMs ? now : endMs)) / 2).toISOString();
  const halves = mid > range.start && mid < range.end ? [sql`${range.start}`, sql`${mid}`, sql`${range.end}`] : [sql`${range.start}`, sql`${range.end}`];
  const scans = await Promise.all(halves.slice(1).map((to, i) => db.all<UserCounts>(byUserStatement(companyId, halves[i]!, to))));
  const byUser = merged(scans);
  // The create logs up to the last acceptance, as the reference reads them.
  let until = range.end;
  for (const u of byUser) if (u.lastAccepted && u.lastAccepted > until) until = u.lastAccepted;
  const openedRow = byUser.length ? await opened(db, companyId, range, until) : 0;

  const sum = (k: keyof UserCounts) => byUser.reduce((n, u) => n + Number(u[k] ?? 0), 0);
  const lists = byUser.map((u) => ({ userId: u.userId, wait: seconds(u.waits), support: seconds(u.supports), first: seconds(u.firsts) }));
  const stats = (kind: "wait" | "support" | "first", userId: number | null, overall: boolean): DurationStats =>
    durationStats(overall ? joined(lists.map((l) => l[kind])) : (lists.find((l) => l.userId === userId)?.[kind] ?? NONE));
  const tickets = sum("tickets");
  const rated = sum("rated");
  const promoters = sum("promoters");
  const passives = sum("passives");
  const detractors = rated - promoters - passives;
  const finished = sum("resolved");
  const waitTime = stats("wait", null, true);
  const supportTime = stats("support", null, true);
  const firstResponseTime = stats("first", null, true);
  const counters: DashboardCounters = {
    supportHappening: sum("open"),
    supportPending: sum("pending"),
    supportFinished: finished,
    supportGroups: sum("groups"),
    leads: distinctCount(byUser.map((u) => u.contacts)),
    avgSupportTime: supportTime.avg,
    avgWaitTime: waitTime.avg,
    activeTickets: openedRow,
    passiveTickets: tickets - openedRow,
    npsScore: rated ? round2((promoters * 100) / rated - (detractors * 100) / rated) : 0,
    npsPromotersPerc: perc(promoters, rated),
    npsPassivePerc: perc(passives, rated),
    npsDetractorsPerc: perc(detractors, rated),
    tickets,
    waitRating: sum("waitRating"),
    withoutRating: sum("closedUnrated"),
    withRating: rated,
    percRating: perc(rated, finished),
    supportTime,
    waitTime,
    firstResponseTime,
  };
  const attendants = people.map((a): AttendantRow => {
    const mine = byUser.find((u) => u.userId === a.id);
    const wait = stats("wait", a.id, false);
    const support = stats("support", a.id, false);
    return {
      id: a.id,
      name: a.name,
      rating: mine?.rated ? round2(mine.ratingSum / mine.rated) : 0,
      countRating: mine?.rated ?? 0,
      tickets: mine?.tickets ?? 0,
      avgWaitTime: wait.avg,
      avgSupportTime: support.avg,
      online: a.online,
      supportTime: support,
      waitTime: wait,
      firstResponseTime: stats("first", a.id, false),
    };
  });
  return { counters, attendants };
}

/** The counters and durations per attendant of the tickets created in [from, to). */
function byUserStatement(companyId: number, from: SQL, to: SQL): SQL {
  return sql`
      select user_id as userId, count(*) as tickets,
        sum(status = 'open') as open, sum(status = 'pending') as pending, sum(status = 'group') as groups,
        sum(status in ('closed', 'nps')) as resolved, count(user_rating) as rated, coalesce(sum(user_rating), 0) as ratingSum,
        sum(user_rating >= 9) as promoters, sum(user_rating between 7 and 8) as passives,
        sum(status = 'nps' and user_rating is null) as waitRating, sum(status = 'closed' and user_rating is null) as closedUnrated,
        max(accepted_at) as lastAccepted,
        group_concat(wait_ms) as waits, group_concat(support_ms) as supports, group_concat(first_response_ms) as firsts,
        group_concat(contact_id) as contacts
      from tickets_view where company_id = ${companyId} and created_at >= ${from} and created_at < ${to} group by user_id`;
}

const COUNTS = ["tickets", "open", "pending", "groups", "resolved", "rated", "ratingSum", "promoters", "passives", "waitRating", "closedUnrated"] as const;
const LISTS = ["waits", "supports", "firsts", "contacts"] as const;

/** The halves' rows as one row per attendant: counts added, duration lists joined, the later acceptance. */
function merged(scans: UserCounts[][]): UserCounts[] {
  if (scans.length === 1) return scans[0]!;
  const byUser = new Map<number | null, UserCounts>();
  for (const row of scans.flat()) {
    const into = byUser.get(row.userId);
    if (!into) {
      byUser.set(row.userId, { ...row });
      continue;
    }
    for (const k of COUNTS) into[k] = Number(into[k]) + Number(row[k]);
    for (const k of LISTS) into[k] = into[k] === null ? row[k] : row[k] === null ? into[k] : `${into[k]},${row[k]}`;
    if (row.lastAccepted && (!into.lastAccepted || row.lastAccepted > into.lastAccepted)) into.lastAccepted = row.lastAccepted;
  }
  return [...byUser.values()];
}

/** How many tickets of the range the company opened: their `create` log names an attendant. */
async function opened(db: Reads, companyId: number, range: Range, until: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`
    select count(distinct l.ticket_id) as n
    from ticket_logs_view l cross join tickets_view t on t.id = l.ticket_id
    where l.company_id = ${companyId} and l.type = 'create' and l.created_at >= ${range.start} and l.created_at <= ${until}
      and l.user_id is not null and t.company_id = ${companyId} and t.created_at >= ${range.start} and t.created_at < ${range.end}`);
  return row?.n ?? 0;
}

/**
 * How many different ids the lists hold (the leads). Sorting the ids as integers here costs ~2 ms
 * for a month; SQLite's `count(distinct contact_id)` over the same range cost ~14 ms of a read thread.
 */
function distinctCount(lists: (string | null)[]): number {
  const parts = lists.flatMap((l) => (l ? l.split(",") : []));
  const ids = new Float64Array(parts.length);
  for (let i = 0; i < parts.length; i++) ids[i] = Number(parts[i]);
  ids.sort();
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) n++;
  return n;
}

const NONE = new Float64Array(0);

/** A list of milliseconds as group_concat joins them, in seconds (metrics.ts's unit). */
function seconds(list: string | null): Float64Array {
  if (!list) return NONE;
  const parts = list.split(",");
  const out = new Float64Array(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = Number(parts[i]) / 1000;
  return out;
}

/** Every attendant's list end to end (the overall figures). */
function joined(lists: Float64Array[]): Float64Array {
  const out = new Float64Array(lists.reduce((n, l) => n + l.length, 0));
  let at = 0;
  for (const l of lists) {
    out.set(l, at);
    at += l.length;
  }
  return out;
}
