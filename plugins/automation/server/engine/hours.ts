import type { Calendar, HoursScope, Instant } from "./snapshot.ts";

const MINUTE = 60_000;
/** A closed stretch longer than this counts as a new window anyway (a week fully closed). */
const LONGEST_WINDOW = 7 * 24 * 60 * MINUTE;

/**
 * Whether the scope was open at any minute after `from` up to `to`. Shifts start and end on
 * whole minutes (HH:MM), so looking at each minute boundary finds every opening; it runs only
 * when an out-of-hours answer was already sent and hours are closed again, so its cost is rare.
 */
export function openedBetween(calendar: Calendar, scope: HoursScope, from: Instant, to: Instant): boolean {
  if (to - from > LONGEST_WINDOW) return true;
  for (let at = Math.floor(from / MINUTE) * MINUTE + MINUTE; at <= to; at += MINUTE) if (calendar.isOpen(scope, at)) return true;
  return false;
}

/**
 * Whether the out-of-hours answer sent at `sentAt` belongs to the closed window we are in
 * now: at most one answer per window (issue 13), a new one after the next opening.
 *
 * @example
 * answeredThisWindow(calendar, { kind: "company" }, state.outOfHoursAt)
 */
export function answeredThisWindow(calendar: Calendar, scope: HoursScope, sentAt: Instant | null): boolean {
  return sentAt !== null && !openedBetween(calendar, scope, sentAt, calendar.now);
}
