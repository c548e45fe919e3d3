import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * What the inbound step reads of connections, from the views the connections plugin
 * publishes and migrates: `groupAsTicket` (group tickets only), and whether the connection
 * has anything to say (greeting, greeting media, vacation message, queues).
 */
export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  groupAsTicket: text("group_as_ticket", { enum: ["disabled", "enabled"] }).notNull(),
  greetingMessage: text("greeting_message").notNull(),
  greetingMediaAttachment: text("greeting_media_attachment"),
  collectiveVacationMessage: text("collective_vacation_message").notNull(),
}).existing();

export const whatsappQueuesView = sqliteView("whatsapp_queues_view", {
  whatsappId: integer("whatsapp_id").notNull(),
  queueId: integer("queue_id").notNull(),
}).existing();
