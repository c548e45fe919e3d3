import { instantOf } from "./instant-of.ts";
import { wallClock } from "./wall-clock.ts";

/*
 * Local days in a time zone: a day starts at its local midnight (or, where a jump forward
 * skips midnight, as São Paulo's used to, when the clock jumps) and lasts 23, 24 or 25 hours.
 */

/** The instant the local day of `at` began in `timeZone`. */
export function startOfLocalDay(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return instantOf(Date.UTC(w.year, w.month - 1, w.day), timeZone);
}

/** The instant the local day after the one of `at` begins in `timeZone`. */
export function startOfNextLocalDay(at: number, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return instantOf(Date.UTC(w.year, w.month - 1, w.day + 1), timeZone);
}

/** "YYYY-MM-DD" of the local day of `at` in `timeZone`. */
export function localDate(at: number, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${String(w.year).padStart(4, "0")}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}
