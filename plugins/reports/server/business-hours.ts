import { instantOf, wallMs } from "../../../core/time/index.ts";
import { HHMM, type OfficeHours } from "../../office-hours/office-hours.contract.ts";

/*
 * Business-hours durations (issue 28 "Business-hours aware"): how much of [from, to) falls
 * inside a week of office hours read on the wall clock of a time zone. Pure; the reports'
 * "business hours" view counts wait, support and first response with it.
 * - Shifts follow office-hours' rules (plugins/office-hours/README.md): [start, end) on the
 *   zone's wall clock, a weekday missing or with empty shifts is closed, an invalid shift
 *   never opens. Shifts never cross midnight (validation refuses them), so a duration that
 *   runs overnight or over a weekend counts only the open stretches of each local day.
 * - Days are the zone's calendar days, their shift instants computed through Intl
 *   (core/time), so a daylight-saving change gives the real length of that day's shifts.
 * - An empty week (no shift at all) counts nothing: 0 for every duration.
 */

const DAY_MS = 86_400_000;
/** The longest stretch walked day by day (about 3 years); a longer one counts its first part only. */
export const MAX_BUSINESS_DAYS = 1100;
const WEEKDAY_OF_UTC_DAY = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The day's valid shifts as [start, end) minutes after midnight. */
function shiftsOf(week: readonly OfficeHours[], weekday: string): [number, number][] {
  const day = week.find((d) => d.weekdayEn === weekday);
  if (!day) return [];
  const out: [number, number][] = [];
  for (const [start, end] of [
    [day.startTimeA, day.endTimeA],
    [day.startTimeB, day.endTimeB],
  ] as const)
    if (HHMM.test(start) && HHMM.test(end) && start < end) out.push([minutesOf(start), minutesOf(end)]);
  return out;
}

/**
 * A week in a zone, asked many durations: each local day's open intervals (instants) are
 * computed once and kept, so a month of tickets costs a few Intl calls per distinct day.
 */
export class BusinessCalendar {
  private readonly days = new Map<number, [number, number][]>();
  private readonly open: boolean;

  constructor(
    private readonly week: readonly OfficeHours[],
    readonly timeZone: string,
  ) {
    wallMs(0, timeZone); // an unknown zone throws a RangeError here, not mid-report
    this.open = WEEKDAY_OF_UTC_DAY.some((d) => shiftsOf(week, d).length > 0);
  }

  /** Seconds of [from, to) inside the office hours (0 when to ≤ from). */
  seconds(from: number, to: number): number {
    if (!(to > from) || !this.open) return 0;
    let total = 0;
    const first = Math.floor(wallMs(from, this.timeZone) / DAY_MS) * DAY_MS;
    const last = Math.floor(wallMs(to, this.timeZone) / DAY_MS) * DAY_MS;
    for (let day = first, n = 0; day <= last && n < MAX_BUSINESS_DAYS; day += DAY_MS, n++) {
      for (const [start, end] of this.intervals(day)) total += Math.max(0, Math.min(end, to) - Math.max(start, from));
    }
    return total / 1000;
  }

  /** The open intervals (instants) of the local day starting at `day` (wall-clock ms of its midnight, as UTC). */
  private intervals(day: number): [number, number][] {
    let found = this.days.get(day);
    if (!found) {
      const weekday = WEEKDAY_OF_UTC_DAY[new Date(day).getUTCDay()]!;
      found = shiftsOf(this.week, weekday).map(([s, e]) => [instantOf(day + s * 60_000, this.timeZone), instantOf(day + e * 60_000, this.timeZone)]);
      this.days.set(day, found);
    }
    return found;
  }
}

/** Seconds of [from, to) (ISO instants) inside `week` on `timeZone`'s wall clock: one duration, no calendar kept. */
export function businessSeconds(week: readonly OfficeHours[], from: string, to: string, timeZone: string): number {
  return new BusinessCalendar(week, timeZone).seconds(Date.parse(from), Date.parse(to));
}

/** The zone the reports read office hours in: the server's (`TZ`), as the bot's office-hours check does; the product keeps no zone per company yet. */
export function reportTimeZone(): string {
  return process.env.TZ || Intl.DateTimeFormat().resolvedOptions().timeZone;
}
