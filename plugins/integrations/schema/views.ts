import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/** The connections plugin's published view: which integration takes a connection's new conversations. */
export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  integrationId: integer("integration_id"),
}).existing();
