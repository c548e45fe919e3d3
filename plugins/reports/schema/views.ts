import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";
import { bool } from "../../../core/db/columns.ts";

/*
 * The read models this plugin reports on, declared with `.existing()` (their owners create and
 * migrate them; the manifest's dependsOn makes them migrate first), only the columns read.
 * Every read binds company_id: a view holds every company's rows.
 */

/** plugins/tickets/README.md "Read views for reports". */
export const ticketsView = sqliteView("tickets_view", {
  id: integer("id").notNull(),
  uuid: text("uuid").notNull(),
  companyId: integer("company_id").notNull(),
  status: text("status").notNull(),
  contactId: integer("contact_id").notNull(),
  whatsappId: integer("whatsapp_id").notNull(),
  queueId: integer("queue_id"),
  userId: integer("user_id"),
  isGroup: bool("is_group").notNull(),
  lastMessage: text("last_message").notNull(),
  userRating: integer("user_rating"),
  createdAt: text("created_at").notNull(),
  acceptedAt: text("accepted_at"),
  closedAt: text("closed_at"),
  /** The dashboard's durations kept at write time, whole milliseconds (tickets migrations 0025, 0026). */
  waitMs: integer("wait_ms"),
  supportMs: integer("support_ms"),
  firstResponseMs: integer("first_response_ms"),
  updatedAt: text("updated_at").notNull(),
}).existing();

export const ticketLogsView = sqliteView("ticket_logs_view", {
  companyId: integer("company_id").notNull(),
  ticketId: integer("ticket_id").notNull(),
  type: text("type").notNull(),
  userId: integer("user_id"),
  createdAt: text("created_at").notNull(),
}).existing();

/** Who wrote when in a ticket (tickets plugin, issue 28): the dashboard's first response. */
export const ticketMessagesView = sqliteView("ticket_messages_view", {
  companyId: integer("company_id").notNull(),
  ticketId: integer("ticket_id").notNull(),
  fromMe: bool("from_me").notNull(),
  userId: integer("user_id"),
  isPrivate: bool("is_private").notNull(),
  createdAt: text("created_at").notNull(),
}).existing();

export const contactsView = sqliteView("contacts_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
}).existing();

/** A contact's name by id from a narrow index (plugins/contacts/README.md): the report's rows join it. Lookups by id only. */
export const contactNamesView = sqliteView("contact_names_view", {
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
