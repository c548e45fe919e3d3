import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The queues plugin owns `queues`; only the columns read here are named, so links go
 * with their queue (a plugin never imports another plugin's tables). It lives outside
 * tables.ts so the migration generator (which reads that file's exports) never creates it.
 */
export const queuesRef = sqliteTable("queues", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
});

