/**
 * Calendar arithmetic for the sender, in a company's time zone: recurrence steps keep the
 * local time of day (a daily 09:00 stays 09:00 across a daylight-saving change), months
 * clamp to their last day (31 Jan + 1 month = 28/29 Feb), and the business-day rule moves a
 * weekend day to the Friday before or the Monday after. Pure functions, no I/O.
 */

/** No company setting names a time zone yet: the product's home market's. */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** The spec's `intervalo`: 1 days, 2 weeks, 3 months, 4 minutes. */
export type IntervalUnit = 1 | 2 | 3 | 4;
/** The spec's `tipoDias`: 4 as chosen, 5 the business day before, 6 the business day after. */
export type DayRule = 4 | 5 | 6;

interface LocalTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

const asUtc = (t: LocalTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);

/** The instant whose wall-clock time in `timeZone` is `t` (a time skipped by a DST change lands just after it). */
export function fromLocal(t: LocalTime, timeZone: string, millis = 0): Date {
  const wanted = asUtc(t);
  let guess = wanted;
  // Two rounds of "offset at the guess" settle every real zone.
  for (let i = 0; i < 2; i++) guess = wanted - (asUtc(localTime(new Date(guess), timeZone)) - guess);
  return new Date(guess + millis);
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
export function localWeekday(instant: Date, timeZone: string): number {
  const t = localTime(instant, timeZone);
  return new Date(Date.UTC(t.year, t.month - 1, t.day)).getUTCDay();
}

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
