import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The connections plugin's table, named only by the columns the foreign keys need: a
 * plugin never imports another plugin's tables. Outside tables.ts so the migration
 * generator (which reads that file) never creates it.
 */
export const whatsappsRef = sqliteTable("whatsapps", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
  channel: text("channel").notNull(),
});
