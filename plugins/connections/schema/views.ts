import { integer, sqliteView, text } from "drizzle-orm/sqlite-core";

/**
 * The queues plugin's published read model, named by the columns a connection's queue list
 * reads. The queues plugin creates and migrates the view; `.existing()` keeps it out of this
 * plugin's migrations, and the manifest's dependsOn makes queues migrate first.
 */
export const queuesView = sqliteView("queues_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
  color: text("color").notNull(),
}).existing();
