/**
 * Office hours: two shifts (A and B) per weekday, times as HH:MM. Companies, queues and
 * connections all keep a week of them; this is the one definition (pure, so the web uses
 * it too): the weekdays, the spec's default week and the validation.
 */
export interface OfficeHours {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

/** Monday first, as the week is read in the product's home market. */
export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;

export type WeekdayEn = (typeof WEEKDAYS)[number]["weekdayEn"];
export const weekdayEnNames = WEEKDAYS.map((w) => w.weekdayEn) as [WeekdayEn, ...WeekdayEn[]];

/** 00:00 to 23:59. An empty string means "no shift" (e.g. a closed afternoon). */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The spec's default: 08:00-12:00 and 13:00-18:00 on all seven days. */
export function defaultOfficeHours(): OfficeHours[] {
  return WEEKDAYS.map((w) => ({ ...w, startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" }));
}

export type OfficeHoursProblem = "invalidTime" | "shiftIncomplete" | "endBeforeStart";

/** The server's (Portuguese) wording for each problem; the web translates the codes itself. */
export const officeHoursMessages: Record<OfficeHoursProblem, string> = {
  invalidTime: "Horário inválido (HH:MM)",
  shiftIncomplete: "Informe o início e o fim do turno",
  endBeforeStart: "O fim deve ser depois do início",
};

type DayTimes = Pick<OfficeHours, "startTimeA" | "endTimeA" | "startTimeB" | "endTimeB">;

/**
 * Problems with one day's hours, keyed by field; empty when valid. A shift needs both
 * ends or neither, each end must be HH:MM, and a shift must start before it ends.
 */
export function officeHoursErrors(day: DayTimes): Partial<Record<keyof DayTimes, OfficeHoursProblem>> {
  const errors: Partial<Record<keyof DayTimes, OfficeHoursProblem>> = {};
  for (const shift of ["A", "B"] as const) {
    const startKey = `startTime${shift}` as const;
    const endKey = `endTime${shift}` as const;
    const start = day[startKey];
    const end = day[endKey];
    if (start && !HHMM.test(start)) errors[startKey] = "invalidTime";
    if (end && !HHMM.test(end)) errors[endKey] = "invalidTime";
    if (errors[startKey] || errors[endKey]) continue;
    if (Boolean(start) !== Boolean(end)) errors[start ? endKey : startKey] = "shiftIncomplete";
    else if (start && end && start >= end) errors[endKey] = "endBeforeStart";
  }
  return errors;
}
