import { addInterval, type DayRule, fromLocal, type IntervalUnit, onBusinessDay } from "./schedule-calendar.ts";

/** The recurrence fields of a schedule (spec 000 §3). */
export interface Recurrence {
  /** The current occurrence's nominal time, ISO-8601. */
  sendAt: string;
  /** Occurrences used up before the current one. */
  occurrence: number;
  intervalo: number;
  valorIntervalo: number;
  enviarQuantasVezes: number;
  tipoDias: number;
}

/** When an occurrence nominally at `sendAt` is really due (the business-day rule). */
export const dueTime = (sendAt: Date, tipoDias: number, timeZone: string): Date => onBusinessDay(sendAt, tipoDias as DayRule, timeZone);

/**
 * The occurrence after the one just sent at `now`, or null when the series is done. A
 * missed occurrence (its due time already past, e.g. after the server was down) is used up
 * without being sent, so a series never sends a burst of late copies and still ends when
 * planned; the occurrence being sent is always sent, however late.
 * @example
 *   nextOccurrence({ sendAt: "2026-01-05T12:00:00Z", occurrence: 0, intervalo: 2, valorIntervalo: 1, enviarQuantasVezes: 3, tipoDias: 4 }, now, tz)
 *   // { sendAt: 2026-01-12T12:00:00Z, dueAt: …, occurrence: 1 }
 */
export function nextOccurrence(r: Recurrence, now: Date, timeZone: string): { sendAt: Date; dueAt: Date; occurrence: number } | null {
  if (r.valorIntervalo < 1) return null;
  let sendAt = new Date(r.sendAt);
  for (let occurrence = r.occurrence + 1; occurrence < r.enviarQuantasVezes; occurrence++) {
    sendAt = addInterval(sendAt, r.intervalo as IntervalUnit, r.valorIntervalo, timeZone);
    const dueAt = dueTime(sendAt, r.tipoDias, timeZone);
    if (dueAt.getTime() > now.getTime()) return { sendAt, dueAt, occurrence };
  }
  return null;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A `sendAt` as a client sends it: an instant with its offset, or a wall-clock time
 * (`2026-12-01T09:30`, what a datetime-local field gives) read in the company's time zone.
 * Null when it names no real date.
 */
export function parseSendAt(text: string, timeZone: string): Date | null {
  const wall = WALL_CLOCK.exec(text.trim());
  if (!wall) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const [year, month, day, hour, minute, second = 0, millis = 0] = wall.slice(1).map((v) => Number(v ?? 0)) as number[];
  const check = new Date(Date.UTC(year!, month! - 1, day!));
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day! || hour! > 23 || minute! > 59 || second > 59) return null;
  return fromLocal({ year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second }, timeZone, millis);
}
