import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Tables other plugins own (contacts, connections, queues), named only by the columns
 * the foreign keys need: a plugin never imports another plugin's tables. They live
 * outside tables.ts so the migration generator (which reads that file) never creates them.
 */
export const contactsRef = sqliteTable("contacts", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
});

export const whatsappsRef = sqliteTable("whatsapps", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
  channel: text("channel").notNull(),
});

export const queuesRef = sqliteTable("queues", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
});

export const tagsRef = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
});
