import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";
import { bool } from "../../../core/db/columns.ts";

/**
 * The read models other plugins publish (contacts, connections, queues, tags), named by the
 * columns the ticket views' joins and the services' checks read. Each is a view its owner
 * creates and migrates; `.existing()` keeps it out of this plugin's migrations, and the
 * manifest's dependsOn makes the owner migrate first. SQLite flattens these one-table views
 * into the joins, so the list's plans are those of the tables (tests/architecture/query-plans).
 */
export const contactsView = sqliteView("contacts_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  number: text("number").notNull(),
  email: text("email").notNull(),
  urlPicture: text("url_picture").notNull(),
  disableBot: bool("disable_bot").notNull(),
  active: bool("active").notNull(),
  acceptAudioMessage: bool("accept_audio_message").notNull(),
  channel: text("channel").notNull(),
  isGroup: bool("is_group").notNull(),
}).existing();

export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  channel: text("channel").notNull(),
  groupAsTicket: text("group_as_ticket", { enum: ["disabled", "enabled"] }).notNull(),
  // The expiry sweep's clocks (issue 14, expiry-query.ts): expiresTicket in hours, the others in minutes.
  expiresTicket: integer("expires_ticket").notNull(),
  whenExpiresTicket: text("when_expires_ticket", { enum: ["0", "1"] }).notNull(),
  expiresTicketNPS: integer("expires_ticket_nps").notNull(),
  timeInactiveMessage: integer("time_inactive_message").notNull(),
}).existing();

export const queuesView = sqliteView("queues_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
}).existing();

export const tagsView = sqliteView("tags_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
}).existing();
