import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";

/**
 * One import of contacts: a spreadsheet uploaded (status `uploaded`, its preview answered),
 * then started (`queued`, `running`) until `done`, `failed` or `cancelled`. The counters and
 * `processed_rows` move together with the contacts each chunk writes, in one transaction: a
 * restart resumes after the last committed chunk and never counts a row twice.
 */
export const contactImports = sqliteTable(
  "contact_imports",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** "file" (a spreadsheet) or "whatsapp" (a connection's address book). */
    source: text("source").notNull(),
    /** The WhatsApp connection read, for source "whatsapp" (the connections plugin owns that table). */
    whatsappId: integer("whatsapp_id"),
    /** The name the user's file had (shown back to them; never a path). */
    fileName: text("file_name").notNull().default(""),
    /** "csv", "xlsx", "xls" or "whatsapp". */
    format: text("format").notNull(),
    /** Where the upload lies, relative to the plugin's private folder; "" once deleted. */
    storedPath: text("stored_path").notNull().default(""),
    status: text("status").notNull(),
    /** JSON: one target per column ("name", "number", "email", "tags", "extra", "ignore"). */
    columns: text("columns").notNull().default("[]"),
    /** JSON: the file's header cells (extra info takes its names from them). */
    headers: text("headers").notNull().default("[]"),
    hasHeader: integer("has_header", { mode: "boolean" }).notNull().default(true),
    /** JSON: ids of the company's tags given to every imported contact. */
    tagIds: text("tag_ids").notNull().default("[]"),
    /** Data rows in the file (null until counted). */
    totalRows: integer("total_rows"),
    /** Data rows read so far, the resume point. */
    processedRows: integer("processed_rows").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Why a `failed` import stopped (the file could not be read any further). */
    error: text("error").notNull().default(""),
    startedAt: text("started_at"),
    finishedAt: text("finished_at"),
    ...timestamps,
  },
  (t) => [index("contact_imports_company_idx").on(t.companyId, t.id)],
);

/** The rows an import refused, with their line in the file (the first 1,000 of an import are kept). */
export const contactImportErrors = sqliteTable(
  "contact_import_errors",
  {
    id: id(),
    importId: integer("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    /** The column (field) at fault: "number", "name", "email", "tags" or an extra info name. */
    field: text("field").notNull(),
    /** The contact form's message ('Too Short!', 'Invalid email', ...). */
    message: text("message").notNull(),
    /** The cell as written (cut at 100 characters), so the user finds it. */
    value: text("value").notNull().default(""),
  },
  (t) => [index("contact_import_errors_import_idx").on(t.importId, t.line), index("contact_import_errors_company_idx").on(t.companyId)],
);
