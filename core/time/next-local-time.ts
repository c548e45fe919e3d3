import { instantOf } from "./instant-of.ts";
import { wallClock } from "./wall-clock.ts";

/** How many local days ahead `nextLocalTime` looks: today and the next seven, so every weekday twice over. */
const DAYS_AHEAD = 8;

/**
 * The first instant at or after `from` at which the clock of `timeZone` reads `minute`
 * (minutes after midnight, 0-1440) on a local day whose weekday (0 Sunday … 6 Saturday)
 * `onDay` accepts; a time skipped by a jump forward counts at the jump (see `instantOf`).
 * Null when no accepted day comes within eight local days.
 * @example
 *   // Next 09:00 on a weekday in São Paulo, from Saturday 2026-11-21 12:00 local: Monday 12:00Z.
 *   nextLocalTime(Date.parse("2026-11-21T15:00:00Z"), 540, "America/Sao_Paulo", (d) => d >= 1 && d <= 5)
 */
export function nextLocalTime(from: number, minute: number, timeZone: string, onDay: (weekday: number) => boolean = () => true): number | null {
  const today = wallClock(from, timeZone);
  for (let k = 0; k < DAYS_AHEAD; k++) {
    const midnight = Date.UTC(today.year, today.month - 1, today.day + k);
    if (!onDay(new Date(midnight).getUTCDay())) continue;
    const at = instantOf(midnight + minute * 60_000, timeZone);
    if (at >= from) return at;
  }
  return null;
}
