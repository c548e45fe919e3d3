import { sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { mainConnectionReads, type Reads } from "../../../core/db/read-pool.ts";
import type { Range } from "./report-range.ts";
import type { Elapsed } from "./sla-compliance.ts";

/*
 * The further reports of /reports (issue 28): group attendance, ticket duration and survey
 * results. Each is one statement over the company's tickets created in the range: one range of
 * tickets_company_created_idx (company_id, created_at), the other tests written `+column` so
 * SQLite never trades the date range for a status's, contact's or closing index (the plan must
 * not change with statistics), grouped, the names joined by primary key. Each answer is bounded
 * (MAX_ROWS groups; the range itself is at most 400 days, report-range.ts). They run on the read
 * pool (core/db/read-pool.ts). With an office-hours clock (`businessHours=true`) the support
 * times come from each resolved ticket's clocks (one more range read), counted in JS.
 */

/** Rows one further report returns at most (`truncated` says when there were more). */
export const MAX_ROWS = 5000;

/** Support-time buckets of the duration report, minutes: [0,15), [15,60), [60,240), [240,1440), ≥1440. */
export const DURATION_BUCKETS = [15, 60, 240, 1440] as const;

export interface GroupAttendanceRow {
  groupId: number;
  groupName: string | null;
  userId: number | null;
  userName: string | null;
  tickets: number;
  resolved: number;
  /** Mean support time (closed − first accepted) of its resolved tickets, minutes (2 decimals); null without any. */
  avgSupportMinutes: number | null;
}

export interface DurationRow {
  queueId: number | null;
  queueName: string | null;
  /** Resolved tickets (closed or nps, accepted) per bucket of DURATION_BUCKETS, in order (5 counts). */
  buckets: number[];
  total: number;
}

export interface NpsSplit {
  answers: number;
  promoters: number;
  passives: number;
  detractors: number;
  /** %promoters − %detractors, 2 decimals; 0 without answers. */
  npsScore: number;
}

export interface SurveyAttendant extends NpsSplit {
  userId: number | null;
  userName: string | null;
}

export interface SurveyResults {
  /** How many answers gave each score, index = the score 0–10. */
  distribution: number[];
  totals: NpsSplit;
  attendants: SurveyAttendant[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** SQLite's `order by name is null, name`: names first, compared as binary text, then none. */
function byName(a: string | null, b: string | null): number {
  if (a === null || b === null) return Number(a === null) - Number(b === null);
  return a < b ? -1 : a > b ? 1 : 0;
}

function split(scores: Map<number, number>): NpsSplit {
  let answers = 0;
  let promoters = 0;
  let passives = 0;
  let detractors = 0;
  for (const [score, n] of scores) {
    answers += n;
    if (score >= 9) promoters += n;
    else if (score >= 7) passives += n;
    else detractors += n;
  }
  return { answers, promoters, passives, detractors, npsScore: answers ? round2(((promoters - detractors) * 100) / answers) : 0 };
}

export class FurtherReportsService {
  constructor(
    db: Db,
    private readonly reads: Reads = mainConnectionReads(db),
  ) {}

  /** The resolved tickets' support clocks (closed − first accepted), `extra` filtering the range's rows further. */
  private clocks(companyId: number, range: Range, extra: ReturnType<typeof sql>) {
    return this.reads.all<{ groupId: number; userId: number | null; queueId: number | null; queueName: string | null; acceptedAt: string; closedAt: string }>(sql`
      select t.contact_id as groupId, t.user_id as userId, t.queue_id as queueId, q.name as queueName, t.accepted_at as acceptedAt, t.closed_at as closedAt
      from tickets_view t
      left join queues_view q on q.id = t.queue_id
      where ${this.inRange(companyId, range)} and +t.status in ('closed', 'nps') and t.accepted_at is not null and +t.closed_at is not null ${extra}`);
  }

  private inRange(companyId: number, range: Range) {
    return sql`t.company_id = ${companyId} and t.created_at >= ${range.start} and t.created_at < ${range.end}`;
  }

  /** Tickets of group conversations per group and attendant (the holder now; null: nobody). */
  async groupAttendance(companyId: number, range: Range, elapsed?: Elapsed): Promise<{ rows: GroupAttendanceRow[]; truncated: boolean }> {
    const rows = await this.reads.all<GroupAttendanceRow>(sql`
      select t.contact_id as groupId, c.name as groupName, t.user_id as userId, u.name as userName,
        count(*) as tickets, sum(+t.status in ('closed', 'nps')) as resolved,
        round(avg(case when +t.status in ('closed', 'nps') and t.accepted_at is not null and t.closed_at is not null
          then max(0, (julianday(t.closed_at) - julianday(t.accepted_at)) * 1440) end), 2) as avgSupportMinutes
      from tickets_view t
      left join contacts_view c on c.id = t.contact_id
      left join users u on u.id = t.user_id
      where ${this.inRange(companyId, range)} and +t.is_group = 1
      group by t.contact_id, t.user_id
      order by tickets desc, groupName, userName
      limit ${MAX_ROWS + 1}`);
    const page = rows.slice(0, MAX_ROWS);
    if (elapsed) {
      // The mean support time per group and attendant on the office-hours clock.
      const sums = new Map<string, { minutes: number; n: number }>();
      for (const c of await this.clocks(companyId, range, sql`and +t.is_group = 1`)) {
        const key = `${c.groupId}:${c.userId}`;
        const sum = sums.get(key) ?? { minutes: 0, n: 0 };
        sum.minutes += elapsed(c.queueId ?? 0, c.acceptedAt, c.closedAt) / 60;
        sum.n++;
        sums.set(key, sum);
      }
      for (const r of page) {
        const sum = sums.get(`${r.groupId}:${r.userId}`);
        r.avgSupportMinutes = sum ? round2(sum.minutes / sum.n) : null;
      }
    }
    return { rows: page, truncated: rows.length > MAX_ROWS };
  }

  /** The support time (closed − first accepted) of the resolved tickets, in buckets, per queue (null: none). */
  async ticketDuration(companyId: number, range: Range, elapsed?: Elapsed): Promise<{ rows: DurationRow[]; truncated: boolean }> {
    if (elapsed) return this.businessDuration(companyId, range, elapsed);
    const [b1, b2, b3, b4] = DURATION_BUCKETS;
    const rows = await this.reads.all<{ queueId: number | null; queueName: string | null; total: number; c0: number; c1: number; c2: number; c3: number; c4: number }>(sql`
      select x.queue_id as queueId, q.name as queueName, count(*) as total,
        sum(x.m < ${b1}) as c0, sum(x.m >= ${b1} and x.m < ${b2}) as c1, sum(x.m >= ${b2} and x.m < ${b3}) as c2,
        sum(x.m >= ${b3} and x.m < ${b4}) as c3, sum(x.m >= ${b4}) as c4
      from (
        select t.queue_id, max(0, (julianday(t.closed_at) - julianday(t.accepted_at)) * 1440) as m
        from tickets_view t
        where ${this.inRange(companyId, range)} and +t.status in ('closed', 'nps') and t.accepted_at is not null and +t.closed_at is not null
      ) x
      left join queues_view q on q.id = x.queue_id
      group by x.queue_id
      order by q.name is null, q.name
      limit ${MAX_ROWS + 1}`);
    return {
      rows: rows.slice(0, MAX_ROWS).map((r) => ({ queueId: r.queueId, queueName: r.queueName, total: r.total, buckets: [r.c0, r.c1, r.c2, r.c3, r.c4] })),
      truncated: rows.length > MAX_ROWS,
    };
  }

  /** ticketDuration on the office-hours clock: each resolved ticket's support minutes bucketed here, the same order (queues by name, none last). */
  private async businessDuration(companyId: number, range: Range, elapsed: Elapsed): Promise<{ rows: DurationRow[]; truncated: boolean }> {
    const byQueue = new Map<number | null, DurationRow>();
    for (const c of await this.clocks(companyId, range, sql``)) {
      const row = byQueue.get(c.queueId) ?? { queueId: c.queueId, queueName: c.queueName, buckets: [0, 0, 0, 0, 0], total: 0 };
      const minutes = elapsed(c.queueId ?? 0, c.acceptedAt, c.closedAt) / 60;
      const at = DURATION_BUCKETS.findIndex((upper) => minutes < upper);
      row.buckets[at < 0 ? DURATION_BUCKETS.length : at]!++;
      row.total++;
      byQueue.set(c.queueId, row);
    }
    // SQLite's `order by q.name is null, q.name`: named queues first, by name (binary), then none.
    const rows = [...byQueue.values()].sort((a, b) => byName(a.queueName, b.queueName));
    return { rows: rows.slice(0, MAX_ROWS), truncated: rows.length > MAX_ROWS };
  }

  /** NPS answers (0–10) of the tickets created in the range: the distribution, and promoters/passives/detractors overall and per attendant. */
  async surveyResults(companyId: number, range: Range): Promise<SurveyResults> {
    const rows = await this.reads.all<{ userId: number | null; userName: string | null; score: number; n: number }>(sql`
      select x.user_id as userId, u.name as userName, x.score, x.n
      from (
        select t.user_id, t.user_rating as score, count(*) as n
        from tickets_view t
        where ${this.inRange(companyId, range)} and +t.user_rating between 0 and 10
        group by t.user_id, t.user_rating
      ) x
      left join users u on u.id = x.user_id
      limit ${11 * (MAX_ROWS + 1)}`);
    const distribution = Array.from({ length: 11 }, () => 0);
    const all = new Map<number, number>();
    const per = new Map<number | null, { userName: string | null; scores: Map<number, number> }>();
    for (const r of rows) {
      distribution[r.score] = (distribution[r.score] ?? 0) + r.n;
      all.set(r.score, (all.get(r.score) ?? 0) + r.n);
      const p = per.get(r.userId) ?? { userName: r.userName, scores: new Map<number, number>() };
      p.scores.set(r.score, r.n);
      per.set(r.userId, p);
    }
    const attendants = [...per]
      .map(([userId, p]) => ({ userId, userName: p.userName, ...split(p.scores) }))
      .sort((a, b) => b.answers - a.answers || (a.userName ?? "").localeCompare(b.userName ?? ""))
      .slice(0, MAX_ROWS);
    return { distribution, totals: split(all), attendants };
  }
}
