/**
 * What other plugins' server code (and their `shared/` modules) may use of office hours:
 * the week's shape, its validation and the evaluator. Pure, no zod: a plugin's web code
 * reaching this through its own shared modules bundles nothing of the server. The zod
 * schemas are in `server/office-hours-schemas.contract.ts`.
 */
export { isOpenAt, nextOpening } from "./shared/open-at.ts";
export { officeHoursErrors, officeHoursMessages, type OfficeHoursProblem } from "./shared/validation.ts";
export { defaultOfficeHours, HHMM, type OfficeHours, WEEKDAYS, type WeekdayEn, weekdayEnNames } from "./shared/week.ts";
