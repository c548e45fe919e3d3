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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Longest stretch `nextOpening` walks back into a skipped hour (no zone skips more than an hour today). */
const MAX_REWIND_MINUTES = 120;
const WEEKDAY_OF_UTC_DAY = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** English weekday in lower case, as `weekdayEn` spells it. */
  weekday: string;
}

/** Building a formatter costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "long",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: (parts.weekday ?? "").toLowerCase(),
  };
}

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
  return shiftsOf(week, wall.weekday).some(([start, end]) => start <= time && time < end);
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

/** The zone's offset (wall clock minus UTC) at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - (instant - (instant % MINUTE));
}

/** An instant showing `wall` (a wall-clock time written as if it were UTC) in the zone; near it when that time is skipped or repeated. */
function instantOf(wall: number, timeZone: string): number {
  const first = offsetAt(wall, timeZone);
  const second = offsetAt(wall - first, timeZone);
  return wall - second;
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
  let best: number | null = null;
  // Eight days: today's later shifts, the next six days, and today's weekday a week later.
  for (let k = 0; k <= 7 && best === null; k++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + k));
    for (const [start] of shiftsOf(week, WEEKDAY_OF_UTC_DAY[date.getUTCDay()]!)) {
      const wall = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), Number(start.slice(0, 2)), Number(start.slice(3)));
      const guess = instantOf(wall, timeZone);
      // A daylight-saving change moves the shift's start by up to an hour either way.
      for (const candidate of [guess - HOUR, guess, guess + HOUR]) {
        if (candidate <= fromMs || (best !== null && candidate >= best) || !openAt(week, candidate, timeZone)) continue;
        const opening = rewind(week, candidate, fromMs, timeZone);
        if (best === null || opening < best) best = opening;
      }
    }
  }
  return best === null ? null : new Date(best);
}

/** Walks back minute by minute from an open instant to where that opening began (never before `fromMs`). */
function rewind(week: readonly OfficeHours[], open: number, fromMs: number, timeZone: string): number {
  let at = open;
  for (let i = 0; i < MAX_REWIND_MINUTES && at - MINUTE > fromMs && openAt(week, at - MINUTE, timeZone); i++) at -= MINUTE;
  return at;
}
