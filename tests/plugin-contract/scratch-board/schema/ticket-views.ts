import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * The tickets plugin's published read models this plugin reports on (plugins/tickets/README.md,
 * "Read views for reports"): declared with `.existing()` (tickets creates and migrates them; the
 * manifest's dependsOn makes it migrate first), only the columns the report reads. Every read
 * binds company_id: a view holds every company's rows.
 */
export const ticketsView = sqliteView("tickets_view", {
  companyId: integer("company_id").notNull(),
  createdAt: text("created_at").notNull(),
  acceptedAt: text("accepted_at"),
  closedAt: text("closed_at"),
}).existing();

export const ticketLogsView = sqliteView("ticket_logs_view", {
  companyId: integer("company_id").notNull(),
  type: text("type").notNull(),
  createdAt: text("created_at").notNull(),
}).existing();

export const ticketRatingsView = sqliteView("ticket_ratings_view", {
  companyId: integer("company_id").notNull(),
  rate: integer("rate").notNull(),
  createdAt: text("created_at").notNull(),
}).existing();
