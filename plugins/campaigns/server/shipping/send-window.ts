/**
 * The campaign settings' sending window (spec 002 §3: startHour, endHour, sabado, domingo)
 * in a company's time zone. Pure functions, no I/O: the shipping job asks `nextOpening` and,
 * when it is later than now, waits for it.
 */

/** The fallback time zone: the product's home market's (as schedules use); companies choose theirs (setting `timezone`). */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

/** Whether `name` is an IANA time zone this runtime knows (what `Intl.DateTimeFormat` accepts). */
export function isTimeZone(name: string): boolean {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A company's time zone when it chose none: the server's `TZ` when it names one, else America/Sao_Paulo. */
export function serverTimeZone(tz = process.env.TZ): string {
  return tz && isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
}

export interface SendWindow {
  /** "HH:MM", local. */
  startHour: string;
  endHour: string;
  sabado: boolean;
  domingo: boolean;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function local(at: number, timeZone: string): { weekday: number; minutes: number; seconds: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", weekday: "short", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
  return { weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute), seconds: Number(parts.second) };
}

/** The instant the local day of `at` began (midnight in the time zone). */
export function startOfLocalDay(at: number, timeZone = DEFAULT_TIME_ZONE): number {
  const { minutes, seconds } = local(at, timeZone);
  return at - (minutes * 60 + seconds) * 1000 - (at % 1000);
}

/** The instant the local day after the one of `at` begins (25 h on, then back to midnight: right across DST changes). */
export function startOfNextLocalDay(at: number, timeZone = DEFAULT_TIME_ZONE): number {
  return startOfLocalDay(startOfLocalDay(at, timeZone) + 25 * 3_600_000, timeZone);
}

/** "09:30" → 570; anything unreadable → the fallback. */
export function minutesOf(hhmm: string, fallback: number): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return fallback;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return v >= 0 && v <= 24 * 60 ? v : fallback;
}

/** Whether a message may go at `at`: a day it may send on, between start (inclusive) and end (exclusive). */
export function isOpen(w: SendWindow, at: number, timeZone = DEFAULT_TIME_ZONE): boolean {
  const { weekday, minutes } = local(at, timeZone);
  if (weekday === 6 && !w.sabado) return false;
  if (weekday === 0 && !w.domingo) return false;
  const start = minutesOf(w.startHour, 0);
  const end = minutesOf(w.endHour, 24 * 60);
  // A window whose end is not after its start is read as "all day" (nothing could be sent otherwise).
  if (end <= start) return true;
  return minutes >= start && minutes < end;
}

/**
 * The first instant at or after `at` inside the window (`at` itself when open), to the
 * minute; null when no day may send (both days off and an empty week cannot happen: weekdays always may).
 * Walks minute steps from the next boundary, at most 8 days: cheap, and exact across
 * daylight-saving changes because each candidate is checked in the zone.
 */
export function nextOpening(w: SendWindow, at: number, timeZone = DEFAULT_TIME_ZONE): number {
  if (isOpen(w, at, timeZone)) return at;
  const { seconds } = local(at, timeZone);
  // Start at the next whole minute, then jump by 15 minutes until open, then back to the minute.
  let t = at - seconds * 1000 + 60_000 - (at % 1000);
  const limit = at + 8 * 86_400_000;
  while (t < limit && !isOpen(w, t, timeZone)) t += 15 * 60_000;
  while (t - 60_000 > at && isOpen(w, t - 60_000, timeZone)) t -= 60_000;
  return t;
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC at `at`, in ms (local wall time minus UTC). */
function offsetAt(at: number, timeZone: string): number {
  let f = partFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    partFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
}

/**
 * An ISO-8601 text as an instant: with an offset as written, without one as the wall-clock
 * time in `timeZone` (what a datetime-local field sends). Null when it is no real time.
 * @example parseInstant("2026-12-01T09:30", "America/Sao_Paulo") // 2026-12-01T12:30:00.000Z
 */
export function parseInstant(text: string, timeZone = DEFAULT_TIME_ZONE): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text.trim());
  if (!m) return null;
  if (m[8]) {
    const d = new Date(text.trim().replace(" ", "T"));
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23) return null;
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return new Date(at);
}
