import { and, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { preparedPer } from "../../../../core/db/prepared.ts";
import { inUnitSavepoint } from "../../../../core/db/unit-savepoint.ts";
import type { SyncDb } from "../../../../core/db/write-batch.ts";
import { campaignShippings } from "../../schema/tables.ts";

const p = sql.placeholder;

/**
 * The shipping unit's per-row statements, built once per write-batch connection: a batch of
 * rows builds no SQL per message (building it cost more than SQLite running it).
 * `updatedAt` is a placeholder: a prepared update would freeze the column's JS-side default.
 */
export const shipStatements = preparedPer((db: SyncDb) => {
  // The campaign still running this job's run (a follow-up: also after it finished). Subqueries
  // name their table by hand (drizzle leaves columns unqualified there).
  const running = sql`EXISTS (SELECT 1 FROM "campaigns" AS "c" WHERE "c"."id" = ${p("campaignId")} AND "c"."status" IN (${p("status1")}, ${p("status2")}) AND (${p("anyRun")} = 1 OR "c"."run" = ${p("run")}))`;
  const open = and(eq(campaignShippings.id, p("id")), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt), running);
  return {
    askConfirmation: db
      .update(campaignShippings)
      .set({ confirmationRequestedAt: sql`${p("now")}`, updatedAt: sql`${p("now")}` })
      .where(and(open, isNotNull(campaignShippings.confirmationVariant), isNull(campaignShippings.confirmationRequestedAt)))
      .returning()
      .prepare(),
    deliver: db
      .update(campaignShippings)
      .set({ deliveredAt: sql`${p("now")}`, updatedAt: sql`${p("now")}` })
      .where(and(open, or(isNull(campaignShippings.confirmationVariant), isNotNull(campaignShippings.confirmedAt))))
      .returning()
      .prepare(),
    setContact: db
      .update(campaignShippings)
      .set({ contactId: sql`${p("contactId")}`, updatedAt: sql`${p("now")}` })
      .where(and(eq(campaignShippings.id, p("id")), isNull(campaignShippings.contactId)))
      .prepare(),
    setMessage: db
      .update(campaignShippings)
      .set({ messageId: sql`${p("messageId")}`, updatedAt: sql`${p("now")}` })
      .where(eq(campaignShippings.id, p("id")))
      .prepare(),
    fail: db
      .update(campaignShippings)
      .set({ failedAt: sql`${p("now")}`, error: sql`${p("error")}`, updatedAt: sql`${p("now")}` })
      .where(and(eq(campaignShippings.id, p("id")), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt)))
      .prepare(),
  };
});

/**
 * Runs `work` inside a savepoint of the unit's transaction: when it throws, its writes are
 * undone alone (the batch's other rows stay) and the error goes on to the caller. On a libSQL
 * server a pass pausing for an answer is no failure (see inUnitSavepoint).
 */
export const inSavepoint = <T>(db: SyncDb, work: () => T): T => inUnitSavepoint(db, "campaign_row", work);
