import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";

/** A company's file lists (spec 002 §3 'File list'): a name and the message sent before the files. */
export const fileLists = sqliteTable(
  "file_lists",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message: text("message").notNull(),
    /** Who created it; null once that user is deleted. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("file_lists_company_idx").on(t.companyId, t.name)],
);

/** One option of a list: its name (the file's caption) and, once uploaded, the stored file. */
export const fileListOptions = sqliteTable(
  "file_list_options",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    fileListId: integer("file_list_id")
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    /** The stored file name under `company{id}/` (storage's unguessable name), or null before the upload. */
    path: text("path"),
    /** The uploaded file's MIME type (image/png, application/pdf …). */
    mediaType: text("media_type"),
    /** The uploaded file's own name. */
    originalName: text("original_name"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("file_list_options_list_idx").on(t.fileListId, t.position), index("file_list_options_company_idx").on(t.companyId)],
);
