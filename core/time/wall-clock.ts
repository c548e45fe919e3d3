/**
 * The wall clock of a time zone at an instant, read through `Intl.DateTimeFormat`, so
 * daylight-saving changes follow the runtime's IANA database rather than a fixed offset.
 */

/** A zone's clock at an instant; `weekday` is 0 Sunday … 6 Saturday. */
export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** More zone spellings than this in one process means something feeds it names unchecked: start over rather than grow. */
const MAX_FORMATTERS = 1000;

/** Building a formatter costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    // An unknown zone throws a RangeError here, before anything is kept.
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * The clock of `timeZone` at `instant` (ms or Date). An unknown zone throws a RangeError.
 * @example wallClock(Date.parse("2026-11-23T11:00:00Z"), "America/Sao_Paulo") // { 2026-11-23 08:00:00, weekday 1 }
 */
export function wallClock(instant: number | Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/** A wall clock written as if it were UTC, in ms (whole seconds): what `instantOf` takes back. */
export const asUtcMs = (w: Omit<WallClock, "weekday">): number => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** The clock of `timeZone` at `instant`, written as if it were UTC, in ms (the instant's milliseconds dropped). */
export const wallMs = (instant: number, timeZone: string): number => asUtcMs(wallClock(instant, timeZone));

/** Minutes since the local midnight on the clock (not elapsed time: a day with a jump still reads 0 to 1439). */
export const minuteOfDay = (w: WallClock): number => w.hour * 60 + w.minute;
