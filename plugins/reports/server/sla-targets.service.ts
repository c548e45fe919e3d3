import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import { queuesView } from "../schema/views.ts";
import { reportSlaTargets } from "../schema/tables.ts";
import type { SlaTarget } from "./sla-compliance.ts";

/** A queue of the company with its targets (null: none). */
export interface SlaTargetRow extends SlaTarget {
  queueName: string;
  queueColor: string;
}

/*
 * The SLA targets per queue (GET/PUT /reports/sla). Every read and write binds the company;
 * a queue id must be one of the company's (queues_view), else ERR_VALIDATION on its field.
 * PUT replaces the whole set: a queue not named, or named with both targets null, has none.
 */
export class SlaTargetsService {
  constructor(private readonly db: Db) {}

  /** Every queue of the company, by name, with its targets. */
  async list(companyId: number): Promise<SlaTargetRow[]> {
    const q = queuesView;
    const s = reportSlaTargets;
    const rows = await this.db
      .select({ queueId: q.id, queueName: q.name, queueColor: q.color, firstResponseMinutes: s.firstResponseMinutes, resolutionMinutes: s.resolutionMinutes })
      .from(q)
      .leftJoin(s, and(eq(s.companyId, companyId), eq(s.queueId, q.id)))
      .where(eq(q.companyId, companyId))
      .orderBy(asc(q.name), asc(q.id));
    return rows.map((r) => ({ ...r, firstResponseMinutes: r.firstResponseMinutes ?? null, resolutionMinutes: r.resolutionMinutes ?? null }));
  }

  /** The targets only (queues with at least one), for the compliance and the panel. */
  async targets(companyId: number): Promise<SlaTarget[]> {
    const s = reportSlaTargets;
    return this.db.select({ queueId: s.queueId, firstResponseMinutes: s.firstResponseMinutes, resolutionMinutes: s.resolutionMinutes }).from(s).where(eq(s.companyId, companyId));
  }

  /** Replaces the company's targets; answers the list as GET does. */
  async replace(companyId: number, input: readonly SlaTarget[]): Promise<SlaTargetRow[]> {
    const queues = new Set((await this.db.select({ id: queuesView.id }).from(queuesView).where(eq(queuesView.companyId, companyId))).map((q) => q.id));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    input.forEach((t, i) => {
      if (!queues.has(t.queueId)) fields[`targets.${i}.queueId`] = "Invalid queue";
      else if (seen.has(t.queueId)) fields[`targets.${i}.queueId`] = "Duplicated queue";
      seen.add(t.queueId);
    });
    if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", { fields });
    const rows = input.filter((t) => t.firstResponseMinutes !== null || t.resolutionMinutes !== null);
    await this.db.transaction(async (tx) => {
      await tx.delete(reportSlaTargets).where(eq(reportSlaTargets.companyId, companyId));
      if (rows.length) await tx.insert(reportSlaTargets).values(rows.map((t) => ({ companyId, ...t })));
    });
    return this.list(companyId);
  }
}
