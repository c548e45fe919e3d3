import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * What the start rules read of a connection in the receive unit (the connections plugin
 * publishes and migrates the view): its welcome and "no phrase matched" flows.
 */
export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  flowIdWelcome: integer("flow_id_welcome"),
  flowIdNotPhrase: integer("flow_id_not_phrase"),
}).existing();

/** Whether the contact had a ticket before this one (a new contact's first message gets the welcome flow). */
export const ticketsView = sqliteView("tickets_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  contactId: integer("contact_id").notNull(),
  status: text("status").notNull(),
}).existing();

/** A ticket node's queue must be the company's. */
export const queuesView = sqliteView("queues_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
}).existing();
