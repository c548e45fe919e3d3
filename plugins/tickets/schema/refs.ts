import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool } from "../../../core/db/columns.ts";

/**
 * Tables other plugins own (contacts, connections, queues, tags), named only by the
 * columns the foreign keys and the ticket views' read-only joins need: a plugin never
 * imports another plugin's tables. They live outside tables.ts so the migration
 * generator (which reads that file) never creates them.
 */
export const contactsRef = sqliteTable("contacts", {
  id: integer("id").primaryKey(),
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
});

export const whatsappsRef = sqliteTable("whatsapps", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  channel: text("channel").notNull(),
  groupAsTicket: text("group_as_ticket", { enum: ["disabled", "enabled"] }).notNull(),
});

export const queuesRef = sqliteTable("queues", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
});

export const tagsRef = sqliteTable("tags", {
  id: integer("id").primaryKey(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
});

