/*
 * The report metrics, one definition each (issue 28; README "Metric definitions"). Pure: the
 * service reads the rows, these functions say what they mean, and metrics.test.ts pins every
 * definition with hand-computed values. Durations are seconds here; the API answers minutes.
 *
 * - wait = first accepted − entered the queue. A ticket enters the queue when it is created,
 *   unless a bot (the chatbot, or a hand-over handler: flow, integration, prompt) talked first:
 *   then at the bot's first hand-over to the queue (`queue`, `redirect` or `handBack` log after
 *   the first `chatBot` / `handOver` log). Bot time is never waiting time. A ticket the bot gave
 *   straight to an attendant waited 0.
 * - support = closed − first accepted (closed_at: the last resolve; the rating's wait excluded).
 * - first response = first human reply − first customer message after the bot handed over
 *   (after the queue entry above).
 * - NPS on the 0–10 answer: promoters 9–10, passive 7–8, detractors 0–6;
 *   score = %promoters − %detractors.
 * - every average comes with its median and p90 (nearest rank).
 */

export interface DurationStats {
  /** How many durations. */
  count: number;
  /** Mean, median and 90th percentile in minutes, 2 decimals; 0 without data (the spec's counters are numbers). */
  avg: number;
  median: number;
  p90: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const ms = (iso: string) => Date.parse(iso);

/** Mean, median (mean of the two middle values when even) and p90 (nearest rank: the ⌈0.9·n⌉-th smallest), of seconds, in minutes. */
export function durationStats(seconds: ArrayLike<number>): DurationStats {
  const n = seconds.length;
  if (!n) return durationFigures(0, 0, 0, 0);
  // A typed array sorts numerically in native code (a month's 27,000 durations: the comparator
  // sort was a third of GET /dashboard's JS); the sum then adds them in the same sorted order.
  const sorted = Float64Array.from(seconds).sort();
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  const mid = Math.floor(n / 2);
  const median = n % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const p90 = sorted[Math.ceil(0.9 * n) - 1]!;
  return durationFigures(n, sum, median, p90);
}

/** The same figures from what SQL aggregated (dashboard.service.ts): how many, their sum, the median and p90, in seconds. */
export function durationFigures(count: number, sumSeconds: number, medianSeconds: number, p90Seconds: number): DurationStats {
  if (!count) return { count: 0, avg: 0, median: 0, p90: 0 };
  return { count, avg: round2(sumSeconds / count / 60), median: round2(medianSeconds / 60), p90: round2(p90Seconds / 60) };
}

/** A ticket log entry, as the tickets plugin's ticket_logs_view has it. */
export interface LogEntry {
  type: string;
  createdAt: string;
}

const BOT_STARTS = new Set(["chatBot", "handOver"]);
const QUEUE_ENTRIES = new Set(["queue", "redirect", "handBack"]);

/**
 * When the ticket entered the queue (see the header): its creation, or, when a bot talked first,
 * the bot's first hand-over to the queue; null when the bot never handed it over before the
 * attendant took it (it never waited). `logs` are the ticket's, any order.
 */
export function queueEnteredAt(createdAt: string, acceptedAt: string | null, logs: readonly LogEntry[]): string | null {
  const until = acceptedAt ? ms(acceptedAt) : Number.POSITIVE_INFINITY;
  const sorted = logs.filter((l) => ms(l.createdAt) <= until).sort((a, b) => ms(a.createdAt) - ms(b.createdAt));
  const botAt = sorted.findIndex((l) => BOT_STARTS.has(l.type));
  if (botAt < 0) return createdAt;
  const entry = sorted.slice(botAt + 1).find((l) => QUEUE_ENTRIES.has(l.type));
  return entry ? entry.createdAt : null;
}

/** Wait in seconds (first accepted − entered the queue); null while not accepted. 0 when a bot gave it straight to an attendant. */
export function waitSeconds(createdAt: string, acceptedAt: string | null, logs: readonly LogEntry[]): number | null {
  if (!acceptedAt) return null;
  const entered = queueEnteredAt(createdAt, acceptedAt, logs);
  if (entered === null) return 0;
  return Math.max(0, (ms(acceptedAt) - ms(entered)) / 1000);
}

/** Support in seconds (closed − first accepted); null unless both are known. */
export function supportSeconds(acceptedAt: string | null, closedAt: string | null): number | null {
  if (!acceptedAt || !closedAt) return null;
  return Math.max(0, (ms(closedAt) - ms(acceptedAt)) / 1000);
}

/** A message of a ticket: the customer's (`fromMe` false) or the company's, by an attendant when `userId` is set (bots and the phone have none). */
export interface MessageEntry {
  fromMe: boolean;
  userId: number | null;
  createdAt: string;
}

/**
 * Since when the first response is counted: the queue entry (queueEnteredAt), or, when the bot
 * gave the ticket straight to an attendant (no entry), the acceptance. Null while not accepted.
 */
export function firstResponseSince(createdAt: string, acceptedAt: string | null, logs: readonly LogEntry[]): string | null {
  if (!acceptedAt) return null;
  return queueEnteredAt(createdAt, acceptedAt, logs) ?? acceptedAt;
}

/**
 * First response in seconds: the first attendant's reply − the customer's first message after
 * `since` (the queue entry: the bot's hand-over, or the creation). Null without such a pair.
 */
export function firstResponseSeconds(since: string, messages: readonly MessageEntry[]): number | null {
  const sorted = [...messages].sort((a, b) => ms(a.createdAt) - ms(b.createdAt));
  const from = ms(since);
  const asked = sorted.find((m) => !m.fromMe && ms(m.createdAt) >= from);
  if (!asked) return null;
  const reply = sorted.find((m) => m.fromMe && m.userId !== null && ms(m.createdAt) >= ms(asked.createdAt));
  return reply ? (ms(reply.createdAt) - ms(asked.createdAt)) / 1000 : null;
}

export interface Nps {
  npsScore: number;
  npsPromotersPerc: number;
  npsPassivePerc: number;
  npsDetractorsPerc: number;
}

export type NpsClass = "promoter" | "passive" | "detractor";

/** The class of one 0–10 answer: 9–10 promoter, 7–8 passive, 0–6 detractor. */
export function npsClass(rate: number): NpsClass {
  return rate >= 9 ? "promoter" : rate >= 7 ? "passive" : "detractor";
}

/** NPS of 0–10 answers: the shares in percent (2 decimals) and the score, %promoters − %detractors (−100…100). */
export function nps(rates: readonly number[]): Nps {
  if (!rates.length) return { npsScore: 0, npsPromotersPerc: 0, npsPassivePerc: 0, npsDetractorsPerc: 0 };
  const c = { promoter: 0, passive: 0, detractor: 0 };
  for (const r of rates) c[npsClass(r)]++;
  const perc = (k: number) => (k * 100) / rates.length;
  return {
    npsScore: round2(perc(c.promoter) - perc(c.detractor)),
    npsPromotersPerc: round2(perc(c.promoter)),
    npsPassivePerc: round2(perc(c.passive)),
    npsDetractorsPerc: round2(perc(c.detractor)),
  };
}
