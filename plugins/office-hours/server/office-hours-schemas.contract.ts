/** The request schemas of a week of office hours, for the routes of the plugins that store one. */
export { OfficeHoursDay, OfficeHoursWeek } from "./office-hours.schemas.ts";
