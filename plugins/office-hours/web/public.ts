/**
 * What other plugins' web code may use of office hours: the week's shape and rules (the
 * same pure modules the server validates with) and the shared editor. Its wording is this
 * plugin's translations, registered by `web/index.ts` like every plugin's. Anything else
 * under plugins/office-hours/web is internal (tests/architecture/rules.test.ts checks it).
 */
export { officeHoursErrors, officeHoursMessages, type OfficeHoursProblem } from "../shared/validation.ts";
export { defaultOfficeHours, type OfficeHours, WEEKDAYS, type WeekdayEn } from "../shared/week.ts";
export {
  fullWeek,
  hasProblems,
  OFFICE_HOURS_TIME_KEYS,
  OfficeHoursEditor,
  type OfficeHoursEditorProps,
  type OfficeHoursProblems,
  officeHoursProblems,
  type OfficeHoursTimeKey,
} from "./office-hours-editor.tsx";
