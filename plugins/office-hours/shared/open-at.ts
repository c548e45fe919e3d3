import { instantOf, type WallClock, wallClock } from "../../../core/time/index.ts";
import { HHMM, type OfficeHours } from "./week.ts";

/*
 * Is a week of office hours open at an instant, read in a time zone? The rules, which the
 * inbound automation and anything else asking "are we open?" share:
 * - the instant is turned into the zone's wall clock (weekday and HH:MM) with Intl, so
 *   daylight-saving changes follow the IANA database, not a fixed offset;
 * - a shift is open from its start (inclusive) to its end (exclusive), at minute
 *   resolution: with 08:00-12:00, 11:59:59 is open and 12:00:00 is closed;
 * - a weekday missing from the week, or whose two shifts are empty, is closed;
 * - a shift that validation would refuse (one end missing, not HH:MM, end not after start)
 *   never opens: overnight shifts are refused when saved, so none reaches here on purpose.
 */

const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

const hhmm = (w: WallClock) => `${String(w.hour).padStart(2, "0")}:${String(w.minute).padStart(2, "0")}`;

/** The day's shifts that can open, as [start, end) pairs of HH:MM. */
function shiftsOf(week: readonly OfficeHours[], weekday: string): [string, string][] {
  const day = week.find((d) => d.weekdayEn === weekday);
  if (!day) return [];
  const shifts: [string, string][] = [];
  for (const [start, end] of [
    [day.startTimeA, day.endTimeA],
    [day.startTimeB, day.endTimeB],
  ] as const)
    if (HHMM.test(start) && HHMM.test(end) && start < end) shifts.push([start, end]);
  return shifts;
}

function openAt(week: readonly OfficeHours[], instant: number, timeZone: string): boolean {
  const wall = wallClock(instant, timeZone);
  const time = hhmm(wall);
  return shiftsOf(week, WEEKDAY_NAMES[wall.weekday]!).some(([start, end]) => start <= time && time < end);
}

/**
 * Whether the week is open at `instant` on the wall clock of `timeZone` (an IANA name such
 * as "America/Sao_Paulo"; an unknown one throws a RangeError). Shifts are [start, end).
 *
 * @example
 * isOpenAt(defaultOfficeHours(), new Date("2026-11-23T11:00:00Z"), "America/Sao_Paulo"); // true: Monday 08:00 there
 * isOpenAt(defaultOfficeHours(), new Date("2026-11-23T15:30:00Z"), "America/Sao_Paulo"); // false: lunch, 12:30
 */
export function isOpenAt(week: readonly OfficeHours[], instant: Date, timeZone: string): boolean {
  return openAt(week, instant.getTime(), timeZone);
}

/**
 * The first instant at or after `from` when the week is open in `timeZone` (`from` itself
 * when open), or null when the week has no shift at all. Across a daylight-saving change
 * it answers the real instant: a shift starting in a skipped hour opens when the clock
 * jumps, one starting in a repeated hour opens at its first occurrence.
 *
 * @example
 * // Saturday 18:30 in São Paulo; the default week opens again on Sunday at 08:00 (11:00 UTC).
 * nextOpening(defaultOfficeHours(), new Date("2026-11-21T21:30:00Z"), "America/Sao_Paulo"); // 2026-11-22T11:00:00.000Z
 */
export function nextOpening(week: readonly OfficeHours[], from: Date, timeZone: string): Date | null {
  const fromMs = from.getTime();
  if (openAt(week, fromMs, timeZone)) return from;
  const today = wallClock(fromMs, timeZone);
  // Eight days: today's later shifts, the next six days, and today's weekday a week later.
  for (let k = 0; k <= 7; k++) {
    const midnight = Date.UTC(today.year, today.month - 1, today.day + k);
    const opens = shiftsOf(week, WEEKDAY_NAMES[new Date(midnight).getUTCDay()]!)
      .map(([start]) => instantOf(midnight + (Number(start.slice(0, 2)) * 60 + Number(start.slice(3))) * 60_000, timeZone))
      // A shift wholly inside a skipped hour never opens.
      .filter((at) => at > fromMs && openAt(week, at, timeZone));
    if (opens.length > 0) return new Date(Math.min(...opens));
  }
  return null;
}
