import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";

export const announcementStatuses = ["active", "inactive"] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];

/**
 * Written by the super user for every company; `companyId` records the author's company
 * (the platform's). Readers outside it see only active rows.
 */
export const announcements = sqliteTable(
  "announcements",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    text: text("text").notNull(),
    /** 1 high (red), 2 medium (orange), 3 low (grey). */
    priority: integer("priority").notNull().default(3),
    status: text("status", { enum: announcementStatuses }).notNull().default("active"),
    /** The stored (random) file name under the company's public folder, or null. */
    mediaPath: text("media_path"),
    /** The uploader's original file name, for display. */
    mediaName: text("media_name"),
    ...timestamps,
  },
  (t) => [index("announcements_company_idx").on(t.companyId), index("announcements_status_idx").on(t.status, t.createdAt)],
);
