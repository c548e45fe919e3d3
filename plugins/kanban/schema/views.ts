import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * The read models this plugin reads: the tags (lanes are tags with kanban = 1) and which
 * tickets carry them since when. Their owners (tags, tickets) create and migrate them;
 * `.existing()` keeps them out of this plugin, which has no table of its own.
 */
export const tagsView = sqliteView("tags_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
  kanban: integer("kanban").notNull(),
  timeLane: integer("time_lane").notNull(),
  nextLaneId: integer("next_lane_id"),
  rollbackLaneId: integer("rollback_lane_id"),
  greetingMessageLane: text("greeting_message_lane").notNull(),
}).existing();

export const ticketTagsView = sqliteView("ticket_tags_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  ticketId: integer("ticket_id").notNull(),
  tagId: integer("tag_id").notNull(),
  createdAt: text("created_at").notNull(),
}).existing();
