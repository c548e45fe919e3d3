import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";

/**
 * A company's office hours, one row per weekday (the office-hours plugin's week shape).
 * The kernel's migration 0000 created this table; it moved here with the routes that serve
 * it, so this plugin's migration creates it only where it is missing (see README, "Tables").
 */
export const companySchedules = sqliteTable(
  "company_schedules",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    weekday: text("weekday").notNull(),
    weekdayEn: text("weekday_en").notNull(),
    startTimeA: text("start_time_a").notNull().default(""),
    endTimeA: text("end_time_a").notNull().default(""),
    startTimeB: text("start_time_b").notNull().default(""),
    endTimeB: text("end_time_b").notNull().default(""),
  },
  (t) => [index("company_schedules_company_idx").on(t.companyId)],
);
