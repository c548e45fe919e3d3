import { durationStats, type DurationStats, firstResponseSeconds, firstResponseSince, type LogEntry, type MessageEntry, nps, supportSeconds, waitSeconds } from "./metrics.ts";

/*
 * The dashboard's counters (spec 002 §3 "Dashboard counters") and attendant rows (§3 "Attendant
 * row") of a set of tickets, from the facts the service reads. Pure, like metrics.ts: what each
 * counter counts is written here once (and in the README).
 */

/** One ticket as the tickets plugin's read views give it, with its logs that matter to the metrics. */
export interface TicketFacts {
  id: number;
  status: string;
  contactId: number;
  userId: number | null;
  isGroup: boolean;
  createdAt: string;
  acceptedAt: string | null;
  closedAt: string | null;
  /** The NPS answer 0–10, null unrated. */
  userRating: number | null;
  /** Opened by the company (its `create` log names an attendant): an active contact; else the customer wrote first (passive). */
  openedByCompany: boolean;
  /** The ticket's bot and queue logs (chatBot, handOver, queue, redirect, handBack). */
  logs: LogEntry[];
  /** Its messages, internal notes left out (they answer nobody). */
  messages: MessageEntry[];
}

export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  supportGroups: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
  activeTickets: number;
  passiveTickets: number;
  npsScore: number;
  npsPromotersPerc: number;
  npsDetractorsPerc: number;
  npsPassivePerc: number;
  tickets: number;
  waitRating: number;
  withoutRating: number;
  withRating: number;
  percRating: number;
  /** Beside the spec's averages: count, mean, median and p90 in minutes. */
  supportTime: DurationStats;
  waitTime: DurationStats;
  /** First response (metrics.ts) of the accepted tickets that have one. */
  firstResponseTime: DurationStats;
}

export interface AttendantRow {
  id: number;
  name: string;
  /** Mean NPS answer (0–10, 2 decimals) of the attendant's rated tickets; 0 without ratings. */
  rating: number;
  countRating: number;
  tickets: number;
  avgWaitTime: number;
  avgSupportTime: number;
  online: boolean;
  supportTime: DurationStats;
  waitTime: DurationStats;
  /** First response (metrics.ts) of the accepted tickets that have one. */
  firstResponseTime: DurationStats;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const resolved = (s: string) => s === "closed" || s === "nps";

const waits = (ts: readonly TicketFacts[]) => ts.map((t) => waitSeconds(t.createdAt, t.acceptedAt, t.logs)).filter((s): s is number => s !== null);
const firstResponses = (ts: readonly TicketFacts[]) =>
  ts
    .map((t) => {
      const since = firstResponseSince(t.createdAt, t.acceptedAt, t.logs);
      return since === null ? null : firstResponseSeconds(since, t.messages);
    })
    .filter((s): s is number => s !== null);
const supports = (ts: readonly TicketFacts[]) => ts.map((t) => supportSeconds(t.acceptedAt, t.closedAt)).filter((s): s is number => s !== null);

/**
 * The counters of the tickets created in the range:
 * - supportHappening open, supportPending pending, supportGroups group, supportFinished resolved
 *   (closed, or nps: rating asked); leads: distinct contacts served;
 * - activeTickets opened by the company, passiveTickets by the customer;
 * - tickets all; withRating rated; waitRating rating asked, not answered (status nps);
 *   withoutRating resolved without rating and not waiting for one; percRating rated ÷ resolved, %;
 * - averages, NPS: metrics.ts.
 */
export function dashboardCounters(ts: readonly TicketFacts[]): DashboardCounters {
  const count = (p: (t: TicketFacts) => boolean) => ts.reduce((n, t) => n + (p(t) ? 1 : 0), 0);
  const rates = ts.map((t) => t.userRating).filter((r): r is number => r !== null);
  const waitTime = durationStats(waits(ts));
  const supportTime = durationStats(supports(ts));
  const finished = count((t) => resolved(t.status));
  const withRating = rates.length;
  const waitRating = count((t) => t.status === "nps" && t.userRating === null);
  const active = count((t) => t.openedByCompany);
  return {
    supportHappening: count((t) => t.status === "open"),
    supportPending: count((t) => t.status === "pending"),
    supportFinished: finished,
    supportGroups: count((t) => t.status === "group"),
    leads: new Set(ts.map((t) => t.contactId)).size,
    avgSupportTime: supportTime.avg,
    avgWaitTime: waitTime.avg,
    activeTickets: active,
    passiveTickets: ts.length - active,
    ...nps(rates),
    tickets: ts.length,
    waitRating,
    withoutRating: count((t) => t.status === "closed" && t.userRating === null),
    withRating,
    percRating: finished ? round2((withRating * 100) / finished) : 0,
    supportTime,
    waitTime,
    firstResponseTime: durationStats(firstResponses(ts)),
  };
}

export interface Attendant {
  id: number;
  name: string;
  online: boolean;
}

/** One row per attendant of the company (none left out for having no tickets), by the tickets they hold now. */
export function attendantRows(attendants: readonly Attendant[], ts: readonly TicketFacts[]): AttendantRow[] {
  const byUser = new Map<number, TicketFacts[]>();
  for (const t of ts) {
    if (t.userId === null) continue;
    const list = byUser.get(t.userId);
    if (list) list.push(t);
    else byUser.set(t.userId, [t]);
  }
  return attendants.map((a) => {
    const mine = byUser.get(a.id) ?? [];
    const rates = mine.map((t) => t.userRating).filter((r): r is number => r !== null);
    const waitTime = durationStats(waits(mine));
    const supportTime = durationStats(supports(mine));
    return {
      id: a.id,
      name: a.name,
      rating: rates.length ? round2(rates.reduce((x, y) => x + y, 0) / rates.length) : 0,
      countRating: rates.length,
      tickets: mine.length,
      avgWaitTime: waitTime.avg,
      avgSupportTime: supportTime.avg,
      online: a.online,
      supportTime,
      waitTime,
      firstResponseTime: durationStats(firstResponses(mine)),
    };
  });
}
