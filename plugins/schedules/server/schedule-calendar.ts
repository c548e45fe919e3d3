/**
 * Calendar arithmetic for the sender, in a company's time zone: recurrence steps keep the
 * local time of day (a daily 09:00 stays 09:00 across a daylight-saving change), months
 * clamp to their last day (31 Jan + 1 month = 28/29 Feb), and the business-day rule moves a
 * weekend day to the Friday before or the Monday after. Pure functions, no I/O.
 */

import { asUtcMs, instantOf, type WallClock, wallClock } from "../../../core/time/index.ts";

/** No company setting names a time zone yet: the product's home market's. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** The spec's `intervalo`: 1 days, 2 weeks, 3 months, 4 minutes. */
export type IntervalUnit = 1 | 2 | 3 | 4;
/** The spec's `tipoDias`: 4 as chosen, 5 the business day before, 6 the business day after. */
export type DayRule = 4 | 5 | 6;

type LocalTime = Omit<WallClock, "weekday">;

/** The wall-clock time of `instant` in `timeZone`. */
const localTime = (instant: Date, timeZone: string): LocalTime => wallClock(instant, timeZone);

/** The instant whose wall-clock time in `timeZone` is `t` (a time skipped by a DST change lands at the jump, just after it). */
export function fromLocal(t: LocalTime, timeZone: string, millis = 0): Date {
  return new Date(instantOf(asUtcMs(t), timeZone) + millis);
}

/** Adds whole local days, keeping the time of day. */
function addDays(instant: Date, days: number, timeZone: string): Date {
  const t = localTime(instant, timeZone);
  const d = new Date(Date.UTC(t.year, t.month - 1, t.day + days));
  return fromLocal({ ...t, year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, timeZone, instant.getUTCMilliseconds());
}

function addMonths(instant: Date, months: number, timeZone: string): Date {
  const t = localTime(instant, timeZone);
  const first = new Date(Date.UTC(t.year, t.month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return fromLocal({ ...t, year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(t.day, lastDay) }, timeZone, instant.getUTCMilliseconds());
}

/**
 * `instant` moved `amount` units ahead.
 * @example
 *   addInterval(new Date("2026-01-31T12:00:00Z"), 3, 1, "America/Sao_Paulo") // 2026-02-28T12:00:00Z
 */
export function addInterval(instant: Date, unit: IntervalUnit, amount: number, timeZone: string): Date {
  if (unit === 4) return new Date(instant.getTime() + amount * 60_000);
  if (unit === 3) return addMonths(instant, amount, timeZone);
  return addDays(instant, unit === 2 ? amount * 7 : amount, timeZone);
}

/** 0 Sunday … 6 Saturday, in `timeZone`. */
export const localWeekday = (instant: Date, timeZone: string): number => wallClock(instant, timeZone).weekday;

/**
 * When an occurrence is really sent: as chosen (4), or, on a Saturday or Sunday, the Friday
 * before (5) or the Monday after (6), at the same local time. Holidays are not known.
 * @example
 *   onBusinessDay(saturdayAt9, 6, tz) // the Monday after, 09:00
 */
export function onBusinessDay(instant: Date, rule: DayRule, timeZone: string): Date {
  if (rule === 4) return instant;
  const weekday = localWeekday(instant, timeZone);
  if (weekday !== 0 && weekday !== 6) return instant;
  if (rule === 5) return addDays(instant, weekday === 6 ? -1 : -2, timeZone);
  return addDays(instant, weekday === 6 ? 2 : 1, timeZone);
}
