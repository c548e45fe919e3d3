import { and, eq } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { nowIso } from "../../../core/db/columns.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { FlowGraph } from "../shared/flow-engine.ts";
import { flowDrafts, flows } from "../schema/tables.ts";
import { checkGraph } from "./flow-graph-checks.ts";
import { graphOf } from "./flows.service.ts";

type Caller = Pick<UserRow, "id" | "companyId">;
type DraftRow = typeof flowDrafts.$inferSelect;

const view = (row: DraftRow) => ({ flowId: row.flowId, userId: row.userId, updatedAt: row.updatedAt, ...graphOf(row) });

/**
 * A flow's unpublished draft (issue 26): the editor keeps its work without publishing it, and
 * its test panel runs it. One per flow, checked like a publish; publishing deletes it (see
 * `FlowsService.saveGraph`). No conversation ever reads it.
 */
export class FlowDraftsService {
  constructor(private db: Db) {}

  /** The flow's draft, or null when it has none. ERR_NO_FLOW_FOUND for another company's flow. */
  async get(user: Caller, flowId: number) {
    await this.owned(this.db, user.companyId, flowId);
    const [row] = await this.db.select().from(flowDrafts).where(eq(flowDrafts.flowId, flowId)).limit(1);
    return row ? view(row) : null;
  }

  /** Keeps `graph` as the flow's draft (replacing the one before), after the checks a publish makes. */
  async put(user: Caller, flowId: number, graph: FlowGraph) {
    checkGraph(graph);
    const values = { nodes: JSON.stringify(graph.nodes), connections: JSON.stringify(graph.connections), userId: user.id, updatedAt: nowIso() };
    // In one transaction with the ownership check: a flow deleted meanwhile is a 404, not a foreign-key failure.
    const row = await this.db.transaction(async (tx) => {
      await this.owned(tx, user.companyId, flowId);
      const [saved] = await tx
        .insert(flowDrafts)
        .values({ flowId, companyId: user.companyId, ...values })
        .onConflictDoUpdate({ target: flowDrafts.flowId, set: values })
        .returning();
      return saved!;
    });
    return view(row);
  }

  /** Discards the flow's draft ("Descartar rascunho"); nothing to discard is fine. */
  async discard(user: Caller, flowId: number) {
    await this.owned(this.db, user.companyId, flowId);
    await this.db.delete(flowDrafts).where(eq(flowDrafts.flowId, flowId));
  }

  private async owned(db: Pick<Db, "select">, companyId: number, flowId: number) {
    const [row] = await db
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_FLOW_FOUND");
  }
}
