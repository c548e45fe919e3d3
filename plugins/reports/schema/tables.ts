import { integer, sqliteTable, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";

/**
 * A queue's service-level targets (issue 28 "SLA per queue"), in minutes: how soon a customer
 * gets a human's first reply, and how soon the ticket is resolved. Either may be null (no
 * target). One row per queue; a queue without a row has no targets. Written by PUT
 * /reports/sla (admins), read by the dashboard's compliance and the panel's breach marks.
 */
export const reportSlaTargets = sqliteTable(
  "report_sla_targets",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    queueId: integer("queue_id").notNull().references(queuesKey, { onDelete: "cascade" }),
    firstResponseMinutes: integer("first_response_minutes"),
    resolutionMinutes: integer("resolution_minutes"),
    ...timestamps,
  },
  (t) => [uniqueIndex("report_sla_targets_company_queue_idx").on(t.companyId, t.queueId)],
);
