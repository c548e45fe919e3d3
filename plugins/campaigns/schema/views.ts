import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";
import { bool } from "../../../core/db/columns.ts";

/**
 * The read models a campaign's answers join (names of its connection, queue, user) and its
 * targets read (tagged contacts' numbers). Their owners create and migrate them.
 */
export const contactsView = sqliteView("contacts_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  number: text("number").notNull(),
  email: text("email").notNull(),
  isGroup: bool("is_group").notNull(),
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
}).existing();
