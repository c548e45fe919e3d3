import { AppError } from "../../../core/errors.ts";

/*
 * Date ranges of the reports. Days are UTC calendar days (stored times are UTC ISO text), the
 * last day included: [from 00:00, to + 1 day 00:00). The default is the spec's: the first of
 * the month to today.
 */

export interface Range {
  /** First day and last day, YYYY-MM-DD. */
  from: string;
  to: string;
  /** ISO instants, [start, end). */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
/** The longest range one call may ask: a year and a bit (the charts draw a bar per day). */
export const MAX_RANGE_DAYS = 400;

const today = (now: Date) => now.toISOString().slice(0, 10);

/** The range of `from`..`to` (either may be missing: the first of this month, today), or of the last `days` days. */
export function rangeOf(q: { from?: string; to?: string; days?: number }, now: Date = new Date()): Range {
  const to = q.to ?? today(now);
  const from = q.from ?? (q.days ? new Date(Date.parse(`${to}T00:00:00.000Z`) - (q.days - 1) * DAY_MS).toISOString().slice(0, 10) : `${to.slice(0, 8)}01`);
  if (from > to) throw new AppError("ERR_VALIDATION", { fields: { date_to: "Must not be before the start" } });
  const start = `${from}T00:00:00.000Z`;
  const endMs = Date.parse(`${to}T00:00:00.000Z`) + DAY_MS;
  if ((endMs - Date.parse(start)) / DAY_MS > MAX_RANGE_DAYS) throw new AppError("ERR_VALIDATION", { fields: { date_from: `At most ${MAX_RANGE_DAYS} days` } });
  return { from, to, start, end: new Date(endMs).toISOString() };
}

/** Every day of the range, in order (the chart's axis: days without tickets count 0). */
export function daysOf(range: Range): string[] {
  const out: string[] = [];
  for (let t = Date.parse(range.start); t < Date.parse(range.end); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
