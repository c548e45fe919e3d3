/** Wall-clock arithmetic in IANA time zones: pure functions over `Intl.DateTimeFormat`. */
export { instantOf, offsetAt } from "./instant-of.ts";
export { localDate, startOfLocalDay, startOfNextLocalDay } from "./local-day.ts";
export { nextLocalTime } from "./next-local-time.ts";
export { isTimeZone } from "./time-zone.ts";
export { asUtcMs, minuteOfDay, type WallClock, wallClock, wallMs } from "./wall-clock.ts";
