import { sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { Attendant, AttendantRow, DashboardCounters } from "./dashboard-figures.ts";
import { type DurationStats, durationFigures } from "./metrics.ts";
import type { Range } from "./report-range.ts";

/*
 * GET /dashboard aggregated by SQLite (issue 28: a month is ~27,000 tickets at 100k; reading
 * them into JS cost ~400 ms, most of it building row objects). Same definitions as
 * dashboard-figures.ts and metrics.ts, which stay the reference: reports.test.ts compares
 * both on the same data. Four statements, each one range of a (company, date) index:
 * 1. the counters per attendant holding the tickets (few groups; the totals are their sums);
 * 2. the distinct contacts (leads);
 * 3. the tickets opened by the company (`create` logs naming a user);
 * 4. the wait, support and first-response durations with their count, sum, median and p90
 *    (window functions), overall and per attendant. The first response looks up, per accepted
 *    ticket, its customer's first message since the queue entry and the first human reply
 *    after it in ticket_messages_view, each one seek of messages_ticket_created_idx (covering).
 */

const BOT_STARTS = sql`('chatBot', 'handOver')`;
const QUEUE_ENTRIES = sql`('queue', 'redirect', 'handBack')`;
/** Seconds between two ISO instants, exact to the millisecond (julianday's float rounded). */
const seconds = (to: string, from: string) => sql.raw(`(round((julianday(${to}) - julianday(${from})) * 86400000) / 1000.0)`);

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
}

interface Durations {
  kind: "wait" | "support" | "first";
  userId: number | null;
  /** 1 for the overall figures, 0 for one attendant's. */
  overall: number;
  n: number;
  total: number;
  median: number;
  p90: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const perc = (k: number, n: number) => (n ? round2((k * 100) / n) : 0);

export async function aggregateDashboard(
  db: Db,
  companyId: number,
  range: Range,
  people: readonly Attendant[],
): Promise<{ counters: DashboardCounters; attendants: AttendantRow[] }> {
  const inRange = sql`company_id = ${companyId} and created_at >= ${range.start} and created_at < ${range.end}`;
  const [byUser, leadsRow] = await Promise.all([
    db.all<UserCounts>(sql`
      select user_id as userId, count(*) as tickets,
        sum(status = 'open') as open, sum(status = 'pending') as pending, sum(status = 'group') as groups,
        sum(status in ('closed', 'nps')) as resolved, count(user_rating) as rated, coalesce(sum(user_rating), 0) as ratingSum,
        sum(user_rating >= 9) as promoters, sum(user_rating between 7 and 8) as passives,
        sum(status = 'nps' and user_rating is null) as waitRating, sum(status = 'closed' and user_rating is null) as closedUnrated,
        max(accepted_at) as lastAccepted
      from tickets_view where ${inRange} group by user_id`),
    db.all<{ leads: number }>(sql`select count(distinct contact_id) as leads from tickets_view where ${inRange}`),
  ]);
  // The logs up to the last acceptance: a wait may end after the range.
  let until = range.end;
  for (const u of byUser) if (u.lastAccepted && u.lastAccepted > until) until = u.lastAccepted;
  const [openedRow, durations] = await Promise.all([byUser.length ? opened(db, companyId, range, until) : 0, byUser.length ? durationsOf(db, companyId, range, until) : []]);

  const sum = (k: keyof UserCounts) => byUser.reduce((n, u) => n + Number(u[k] ?? 0), 0);
  const stats = (kind: Durations["kind"], userId: number | null, overall: boolean): DurationStats => {
    const d = durations.find((x) => x.kind === kind && x.overall === (overall ? 1 : 0) && (overall || x.userId === userId));
    return d ? durationFigures(d.n, d.total, d.median, d.p90) : durationFigures(0, 0, 0, 0);
  };
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
    leads: leadsRow[0]?.leads ?? 0,
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

/** How many tickets of the range the company opened: their `create` log names an attendant. */
async function opened(db: Db, companyId: number, range: Range, until: string): Promise<number> {
  const [row] = await db.all<{ n: number }>(sql`
    select count(distinct l.ticket_id) as n
    from ticket_logs_view l cross join tickets_view t on t.id = l.ticket_id
    where l.company_id = ${companyId} and l.type = 'create' and l.created_at >= ${range.start} and l.created_at <= ${until}
      and l.user_id is not null and t.company_id = ${companyId} and t.created_at >= ${range.start} and t.created_at < ${range.end}`);
  return row?.n ?? 0;
}

/**
 * The waits, supports and first responses (metrics.ts) of the range's accepted tickets, counted,
 * summed and ranked in SQL. The tickets and their bot and queue logs up to the acceptance are read as one
 * union (no join of derived tables), each ticket's rows in time order: a queue entry counts
 * once a bot log came before it. Median: the middle rank, or the mean of the two middle ones;
 * p90: rank ⌈0.9·n⌉ = (9n + 9) / 10 in integers.
 */
async function durationsOf(db: Db, companyId: number, range: Range, until: string): Promise<Durations[]> {
  return db.all<Durations>(sql`
    with rows_ as (
      select id as tid, user_id as uid, created_at as c, accepted_at as a, closed_at as cl, null as ty, null as at
      from tickets_view where company_id = ${companyId} and created_at >= ${range.start} and created_at < ${range.end} and accepted_at is not null
      union all
      select l.ticket_id, null, null, null, null, l.type, l.created_at
      from ticket_logs_view l cross join tickets_view t on t.id = l.ticket_id
      where l.company_id = ${companyId} and l.type in ('chatBot', 'handOver', 'queue', 'redirect', 'handBack')
        and l.created_at >= ${range.start} and l.created_at <= ${until}
        and t.company_id = ${companyId} and t.created_at >= ${range.start} and t.created_at < ${range.end} and l.created_at <= t.accepted_at
    ),
    ordered as (
      select tid, uid, c, a, cl, ty, at,
        min(case when ty in ${BOT_STARTS} then at end) over (partition by tid order by at nulls first, ty rows unbounded preceding) as bot
      from rows_
    ),
    per_ticket as (
      select tid, max(uid) as uid, max(c) as c, max(a) as a, max(cl) as cl, min(bot) as bot,
        min(case when ty in ${QUEUE_ENTRIES} and bot is not null then at end) as entry
      from ordered group by tid having max(a) is not null
    ),
    asks as materialized (
      select tid, uid, (
        select min(m.created_at) from ticket_messages_view m
        where m.ticket_id = p.tid and m.created_at >= (case when p.bot is null then p.c when p.entry is null then p.a else p.entry end)
          and m.from_me = 0 and m.is_private = 0
      ) as asked
      from per_ticket p
    ),
    replies as materialized (
      select tid, uid, asked, (
        select min(m.created_at) from ticket_messages_view m
        where m.ticket_id = q.tid and m.created_at >= q.asked and m.from_me = 1 and m.user_id is not null and m.is_private = 0
      ) as reply
      from asks q where asked is not null
    ),
    vals as (
      select 'wait' as kind, uid, case when bot is null then max(0, ${seconds("a", "c")}) when entry is null then 0 else max(0, ${seconds("a", "entry")}) end as v from per_ticket
      union all
      select 'support', uid, max(0, ${seconds("cl", "a")}) from per_ticket where cl is not null
      union all
      select 'first', uid, ${seconds("reply", "asked")} from replies where reply is not null
    ),
    ranked as (
      select kind, uid, v,
        row_number() over (partition by kind order by v) as ra, count(*) over (partition by kind) as na,
        row_number() over (partition by kind, uid order by v) as ru, count(*) over (partition by kind, uid) as nu
      from vals
    )
    select kind, null as userId, 1 as overall, count(*) as n, sum(v) as total,
      avg(case when ra = (na + 1) / 2 or (na % 2 = 0 and ra = na / 2 + 1) then v end) as median, max(case when ra = (9 * na + 9) / 10 then v end) as p90
    from ranked group by kind
    union all
    select kind, uid, 0, count(*), sum(v),
      avg(case when ru = (nu + 1) / 2 or (nu % 2 = 0 and ru = nu / 2 + 1) then v end), max(case when ru = (9 * nu + 9) / 10 then v end)
    from ranked where uid is not null group by kind, uid`);
}
