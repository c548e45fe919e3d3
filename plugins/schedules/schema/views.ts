import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * The read models this plugin's list joins: names of the contact, connection and queue a
 * schedule names. Their owners create and migrate them; `.existing()` keeps them out of this
 * plugin's migrations, and the manifest's dependsOn makes the owners migrate first.
 */
export const contactsView = sqliteView("contacts_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
}).existing();

export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
}).existing();

export const queuesView = sqliteView("queues_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
}).existing();
