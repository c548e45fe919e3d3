import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/** The connections plugin's published view: which prompt answers a connection's new conversations. */
export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  promptId: integer("prompt_id"),
}).existing();

/** The queues plugin's published view: a prompt's queue must be the company's, and the list shows its name. */
export const queuesView = sqliteView("queues_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
}).existing();
