/**
 * The office-hours week: two shifts (A and B) per weekday, times as HH:MM. Companies,
 * queues and connections all keep a week of them; this is the one definition (pure, so
 * the web uses it too): the weekdays, the time format and the spec's default week.
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
