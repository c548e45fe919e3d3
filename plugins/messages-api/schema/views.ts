import { integer, sqliteView } from "drizzle-orm/sqlite-core";

/** The queues plugin's read model: a queueId the caller names must be one of the company's. */
export const queuesView = sqliteView("queues_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
}).existing();
