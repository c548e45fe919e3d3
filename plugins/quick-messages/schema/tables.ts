import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";

/**
 * A company's quick replies. `geral` = general (everyone uses and edits it), `visao` =
 * visible to the other users (they use it but may not edit it). Shortcodes are unique per
 * company, ignoring case, so "/oi" in the composer names one message.
 */
export const quickMessages = sqliteTable(
  "quick_messages",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The owner; null once that user is deleted (a general or shared message stays usable). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    shortcode: text("shortcode").notNull(),
    message: text("message").notNull().default(""),
    /** The stored file name under `company{id}/`, or null. */
    mediaPath: text("media_path"),
    /** The uploaded file's name (spaces become underscores). */
    mediaName: text("media_name"),
    geral: bool("geral").notNull().default(false),
    visao: bool("visao").notNull().default(false),
    status: bool("status").notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex("quick_messages_company_shortcode_unique").on(t.companyId, sql`lower(${t.shortcode})`), index("quick_messages_company_user_idx").on(t.companyId, t.userId)],
);
