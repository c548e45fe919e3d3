/**
 * Constants and office-hours shapes shared by the server and the web dialog
 * (spec 001 §3 'Queue', 'Office-hours entry', §9).
 */

/** The rotation ("roteador") time choices, in minutes. */
export const ROTATION_MINUTES = [2, 5, 10, 15, 30, 45, 60] as const;
export type RotationMinutes = (typeof ROTATION_MINUTES)[number];

/** What a chatbot option does when chosen. */
export const CHATBOT_TYPES = ["text", "attendent", "queue", "integration", "file"] as const;
export type ChatbotType = (typeof CHATBOT_TYPES)[number];

export const QUEUE_NAME_MIN = 2;
export const QUEUE_NAME_MAX = 50;
export const COLOR_MIN = 3;
export const COLOR_MAX = 9;
export const OPTION_NAME_MIN = 4;
export const OPTION_NAME_MAX = 100;

export interface QueueSchedule {
  weekday: string;
  weekdayEn: string;
  startTimeA: string;
  endTimeA: string;
  startTimeB: string;
  endTimeB: string;
}

/** Monday first, as the product's home market reads the week. */
export const WEEKDAYS = [
  { weekday: "Segunda-feira", weekdayEn: "monday" },
  { weekday: "Terça-feira", weekdayEn: "tuesday" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday" },
  { weekday: "Quinta-feira", weekdayEn: "thursday" },
  { weekday: "Sexta-feira", weekdayEn: "friday" },
  { weekday: "Sábado", weekdayEn: "saturday" },
  { weekday: "Domingo", weekdayEn: "sunday" },
] as const;
export const WEEKDAY_EN = WEEKDAYS.map((w) => w.weekdayEn) as unknown as readonly [string, ...string[]];

/** 00:00 to 23:59; an empty string means "no shift". */
export const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The spec's default week: 08:00-12:00 and 13:00-18:00 every day. */
export function defaultSchedules(): QueueSchedule[] {
  return WEEKDAYS.map((w) => ({ ...w, startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" }));
}
