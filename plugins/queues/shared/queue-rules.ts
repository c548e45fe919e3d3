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

/** A queue's office hours are the office-hours plugin's week. */
export { defaultOfficeHours as defaultSchedules, HHMM, type OfficeHours as QueueSchedule } from "../../office-hours/office-hours.contract.ts";
