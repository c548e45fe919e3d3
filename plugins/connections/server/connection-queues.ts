import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { preparedPer } from "../../../core/db/prepared.ts";
import { AppError } from "../../../core/errors.ts";
import { queuesView } from "../schema/views.ts";
import { whatsappQueues } from "../schema/tables.ts";

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** The queues of each connection given, by connection id (one indexed join). */
export async function queuesOf(tx: DbOrTx, whatsappIds: number[]): Promise<Map<number, QueueRef[]>> {
  const out = new Map<number, QueueRef[]>();
  if (!whatsappIds.length) return out;
  const rows = await tx
    .select({ whatsappId: whatsappQueues.whatsappId, id: queuesView.id, name: queuesView.name, color: queuesView.color })
    .from(whatsappQueues)
    .innerJoin(queuesView, eq(queuesView.id, whatsappQueues.queueId))
    .where(inArray(whatsappQueues.whatsappId, whatsappIds))
    .orderBy(asc(queuesView.id));
  for (const { whatsappId, ...q } of rows) out.set(whatsappId, [...(out.get(whatsappId) ?? []), q]);
  return out;
}

const queueIdsStatement = preparedPer((db: Db) =>
  db
    .select({ id: queuesView.id })
    .from(whatsappQueues)
    .innerJoin(queuesView, eq(queuesView.id, whatsappQueues.queueId))
    .where(eq(whatsappQueues.whatsappId, sql.placeholder("whatsappId")))
    .orderBy(asc(queuesView.id))
    .prepare(),
);

/** The queue ids of one connection, as `queuesOf` orders them (every bot turn reads them: prepared once). */
export async function queueIdsOf(db: Db, whatsappId: number): Promise<number[]> {
  return (await queueIdsStatement(db).all({ whatsappId })).map((q) => q.id);
}

/**
 * Every queue id named by a connection form must be a queue of the company; another
 * company's id is answered like a missing one, naming the field.
 */
export async function ensureCompanyQueues(tx: DbOrTx, companyId: number, named: Record<string, number[]>) {
  const all = [...new Set(Object.values(named).flat())];
  if (!all.length) return;
  const found = await tx
    .select({ id: queuesView.id })
    .from(queuesView)
    .where(and(eq(queuesView.companyId, companyId), inArray(queuesView.id, all)));
  const ok = new Set(found.map((r) => r.id));
  const fields: Record<string, string> = {};
  for (const [field, ids] of Object.entries(named)) if (ids.some((id) => !ok.has(id))) fields[field] = "Invalid queue";
  if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", { fields });
}

/** Replaces the queues a connection serves. */
export async function setQueues(tx: DbOrTx, companyId: number, whatsappId: number, queueIds: number[]) {
  await tx.delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, whatsappId));
  const unique = [...new Set(queueIds)];
  if (unique.length) await tx.insert(whatsappQueues).values(unique.map((queueId) => ({ companyId, whatsappId, queueId })));
}
