import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../../core/db/columns.ts";
import { companies } from "../../../../core/db/tables.ts";

/** A card on a company's scratch board; `stamped` is set by the plugin's job after the create. */
export const scratchCards = sqliteTable(
  "scratch_cards",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    stamped: bool("stamped").notNull().default(false),
    ...timestamps,
  },
  // Leads with company_id, so it is also the tenant index every company-scoped read uses.
  (t) => [uniqueIndex("scratch_cards_company_title_uq").on(t.companyId, t.title)],
);
