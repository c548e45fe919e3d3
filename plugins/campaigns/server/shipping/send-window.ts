/**
 * The campaign settings' sending window (spec 002 §3: startHour, endHour, sabado, domingo)
 * in a company's time zone. Pure functions, no I/O: the shipping job asks `nextOpening` and,
 * when it is later than now, waits for it.
 */

import { instantOf, isTimeZone, minuteOfDay, nextLocalTime, wallClock } from "../../../../core/time/index.ts";

/** The fallback time zone: the product's home market's (as schedules use); companies choose theirs (setting `timezone`). */
export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

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

/** "09:30" → 570; anything unreadable → the fallback. */
export function minutesOf(hhmm: string, fallback: number): number {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return fallback;
  const v = Number(m[1]) * 60 + Number(m[2]);
  return v >= 0 && v <= 24 * 60 ? v : fallback;
}

/** Whether the window sends on a weekday (0 Sunday … 6 Saturday). */
const sendsOn = (w: SendWindow) => (weekday: number) => (weekday !== 6 || w.sabado) && (weekday !== 0 || w.domingo);

/** Whether a message may go at `at`: a day it may send on, between start (inclusive) and end (exclusive). */
export function isOpen(w: SendWindow, at: number, timeZone = DEFAULT_TIME_ZONE): boolean {
  const clock = wallClock(at, timeZone);
  if (!sendsOn(w)(clock.weekday)) return false;
  const start = minutesOf(w.startHour, 0);
  const end = minutesOf(w.endHour, 24 * 60);
  // A window whose end is not after its start is read as "all day" (nothing could be sent otherwise).
  if (end <= start) return true;
  return minuteOfDay(clock) >= start && minuteOfDay(clock) < end;
}

/**
 * The first instant at or after `at` inside the window (`at` itself when open): the window's
 * start on the next day it may send on, or that day's midnight when the window is all day.
 * Always found: weekdays always may send.
 */
export function nextOpening(w: SendWindow, at: number, timeZone = DEFAULT_TIME_ZONE): number {
  if (isOpen(w, at, timeZone)) return at;
  const start = minutesOf(w.startHour, 0);
  const allDay = minutesOf(w.endHour, 24 * 60) <= start;
  return nextLocalTime(at, allDay ? 0 : start, timeZone, sendsOn(w)) ?? at + 8 * 86_400_000;
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
  return new Date(instantOf(wall, timeZone));
}
