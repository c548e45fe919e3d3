import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";

/** Platform-wide (not per company): the super user writes them for every company. */
export const helps = sqliteTable("helps", {
  id: id(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  /** A video code (e.g. a YouTube id), shown embedded in the help centre. */
  video: text("video").notNull().default(""),
  ...timestamps,
});
