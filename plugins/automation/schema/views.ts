import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * The one column the inbound step reads of connections (`groupAsTicket`, for group tickets
 * only), from the view the connections plugin publishes and migrates.
 */
export const whatsappsView = sqliteView("whatsapps_view", {
  id: integer("id").notNull(),
  groupAsTicket: text("group_as_ticket", { enum: ["disabled", "enabled"] }).notNull(),
}).existing();
