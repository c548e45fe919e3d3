import { primaryKey, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool } from "../../../core/db/columns.ts";
import { plans } from "../../../core/db/tables.ts";

/**
 * One row per (plan, declared feature) the super user has set. A feature with no row on a
 * plan has its declared default (a plugin installed later needs no data migration). Keys are
 * the API's booleans (`useKanban`); a row whose key no installed plugin declares is kept
 * but not answered, so uninstalling and reinstalling a plugin keeps each plan's choice.
 */
export const planFeatures = sqliteTable(
  "plan_features",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => plans.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    enabled: bool("enabled").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.key] })],
);
