import { and, count, desc, eq, like, max, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import type { FlowGraph } from "../shared/flow-engine.ts";
import { flowDrafts, flows, flowVersions } from "../schema/tables.ts";
import { checkGraph } from "./flow-graph-checks.ts";

export type FlowRow = typeof flows.$inferSelect;
export type FlowVersionRow = typeof flowVersions.$inferSelect;
type Caller = Pick<UserRow, "id" | "companyId">;

const PAGE_SIZE = 20;

/** Spec 002 §5 upload limits and types (image 2 MB, audio 5 MB, video 20 MB). */
export const UPLOAD_RULES = {
  img: { maxBytes: 2 * 1024 * 1024, extensions: [".png", ".jpg", ".jpeg"], mimePrefixes: ["image/"] },
  audio: { maxBytes: 5 * 1024 * 1024, extensions: [".ogg", ".mp3", ".opus", ".mp4"], mimePrefixes: ["audio/", "video/"] },
  video: { maxBytes: 20 * 1024 * 1024, extensions: [".mp4"], mimePrefixes: ["video/"] },
  content: { maxBytes: 20 * 1024 * 1024, extensions: [".png", ".jpg", ".jpeg", ".ogg", ".mp3", ".opus", ".mp4"], mimePrefixes: ["image/", "audio/", "video/"] },
} as const;

/** What the API answers for a flow. */
export function flowView(row: FlowRow, version: number | null) {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    active: row.active,
    version,
    stopOnAttendantMessage: row.stopOnAttendantMessage,
    debounceSeconds: row.debounceSeconds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Parses a stored version's graph (never throws: a broken row reads as empty). */
export function graphOf(version: Pick<FlowVersionRow, "nodes" | "connections">): FlowGraph {
  try {
    return { nodes: JSON.parse(version.nodes), connections: JSON.parse(version.connections) };
  } catch {
    return { nodes: [], connections: [] };
  }
}

/**
 * The flow builder's rules (spec 002 §2.6, §4.2, §7): flows per company, their graphs saved
 * as versions (each save publishes a new one), duplication and media uploads.
 */
export class FlowsService {
  constructor(
    private db: Db,
    private storage: Storage,
  ) {}

  async page(user: Caller, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const where = and(eq(flows.companyId, user.companyId), term ? like(sql`lower(${flows.name})`, `%${term.replace(/[%_]/g, "")}%`) : undefined);
    const rows = await this.db
      .select({ flow: flows, version: flowVersions.number })
      .from(flows)
      .leftJoin(flowVersions, eq(flowVersions.id, flows.versionId))
      .where(where)
      .orderBy(desc(flows.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(flows).where(where);
    const n = total?.n ?? 0;
    return { flows: rows.map((r) => flowView(r.flow, r.version)), count: n, hasMore: n > q.pageNumber * PAGE_SIZE };
  }

  async show(user: Caller, id: number) {
    const row = await this.owned(user.companyId, id);
    return flowView(row, await this.versionNumber(row));
  }

  /** `GET /flowbuilder/flow/{id}`: the published graph, null when never saved. */
  async withGraph(user: Caller, id: number) {
    const row = await this.owned(user.companyId, id);
    const version = row.versionId ? await this.version(row.versionId) : null;
    return { flow: { ...flowView(row, version?.number ?? null), flow: version ? graphOf(version) : null } };
  }

  async create(user: Caller, name: string) {
    const [row] = await this.db.insert(flows).values({ companyId: user.companyId, name }).returning();
    return flowView(row!, null);
  }

  /** Renames the flow; also its status and takeover rules when given. */
  async rename(user: Caller, input: { flowId: number; name: string; active?: boolean; stopOnAttendantMessage?: boolean; debounceSeconds?: number }) {
    await this.owned(user.companyId, input.flowId);
    const { active, stopOnAttendantMessage, debounceSeconds } = input;
    const [row] = await this.db
      .update(flows)
      .set({
        name: input.name,
        ...(active === undefined ? {} : { active }),
        ...(stopOnAttendantMessage === undefined ? {} : { stopOnAttendantMessage }),
        ...(debounceSeconds === undefined ? {} : { debounceSeconds }),
      })
      .where(eq(flows.id, input.flowId))
      .returning();
    return flowView(row!, await this.versionNumber(row!));
  }

  async remove(user: Caller, id: number) {
    await this.owned(user.companyId, id);
    await this.db.delete(flows).where(eq(flows.id, id));
  }

  /** A copy named "<name> - copy" (bounded to 50), with the published graph as its version 1. */
  async duplicate(user: Caller, flowId: number) {
    const row = await this.owned(user.companyId, flowId);
    const version = row.versionId ? await this.version(row.versionId) : null;
    const name = `${row.name} - copy`.slice(0, 50);
    return this.db.transaction(async (tx) => {
      const [copy] = await tx
        .insert(flows)
        .values({ companyId: user.companyId, name, active: row.active, stopOnAttendantMessage: row.stopOnAttendantMessage, debounceSeconds: row.debounceSeconds })
        .returning();
      if (!version) return flowView(copy!, null);
      const [v] = await tx
        .insert(flowVersions)
        .values({ companyId: user.companyId, flowId: copy!.id, number: 1, nodes: version.nodes, connections: version.connections, userId: user.id })
        .returning();
      await tx.update(flows).set({ versionId: v!.id }).where(eq(flows.id, copy!.id));
      return flowView(copy!, 1);
    });
  }

  /**
   * `POST /flowbuilder/flow`: checks the graph (node types, ids, edges to existing nodes, sizes;
   * ERR_VALIDATION naming the field) and stores it as the flow's next version, published; the
   * flow's draft, if any, is discarded.
   */
  async saveGraph(user: Caller, input: { idFlow: number } & FlowGraph) {
    const row = await this.owned(user.companyId, input.idFlow);
    checkGraph(input);
    const nodes = JSON.stringify(input.nodes);
    const connections = JSON.stringify(input.connections);
    const version = await this.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ n: max(flowVersions.number) })
        .from(flowVersions)
        .where(eq(flowVersions.flowId, row.id));
      const [v] = await tx
        .insert(flowVersions)
        .values({ companyId: user.companyId, flowId: row.id, number: (last?.n ?? 0) + 1, nodes, connections, userId: user.id })
        .returning();
      await tx.update(flows).set({ versionId: v!.id }).where(eq(flows.id, row.id));
      // Publishing supersedes the editor's unpublished draft.
      await tx.delete(flowDrafts).where(eq(flowDrafts.flowId, row.id));
      return v!;
    });
    const updated = { ...row, versionId: version.id };
    return { flow: { ...flowView(updated, version.number), flow: graphOf(version) } };
  }

  /** The flow's versions, newest first, with which one is published. */
  async versions(user: Caller, flowId: number) {
    const row = await this.owned(user.companyId, flowId);
    const list = await this.db.select().from(flowVersions).where(eq(flowVersions.flowId, flowId)).orderBy(desc(flowVersions.number)).limit(200);
    return list.map((v) => ({ id: v.id, number: v.number, userId: v.userId, createdAt: v.createdAt, published: v.id === row.versionId, nodes: graphOf(v).nodes.length }));
  }

  /** Publishes an earlier version again (as a new version, so the history only grows). */
  async restore(user: Caller, flowId: number, versionId: number) {
    await this.owned(user.companyId, flowId);
    const [v] = await this.db
      .select()
      .from(flowVersions)
      .where(and(eq(flowVersions.id, versionId), eq(flowVersions.flowId, flowId)))
      .limit(1);
    if (!v) throw new AppError("ERR_NO_FLOW_FOUND");
    return this.saveGraph(user, { idFlow: flowId, ...graphOf(v) });
  }

  /** Stores uploaded media under the company (never served as active content: core/storage). */
  async upload(user: Caller, kind: keyof typeof UPLOAD_RULES, files: File[]) {
    if (!files.length) throw new AppError("ERR_VALIDATION", { fields: { medias: "Required" } });
    const rule = UPLOAD_RULES[kind];
    const out = [];
    for (const file of files) {
      const stored = await this.storage.save(user.companyId, file, { maxBytes: rule.maxBytes, extensions: rule.extensions, mimePrefixes: rule.mimePrefixes });
      out.push({ name: stored.fileName, url: stored.url, originalName: stored.originalName, mimetype: stored.mimetype });
    }
    return out;
  }

  /** Whether `id` is a flow of the company (reference kind `flow`). */
  async exists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: flows.id })
      .from(flows)
      .where(and(eq(flows.id, id), eq(flows.companyId, companyId)))
      .limit(1);
    return Boolean(row);
  }

  private async owned(companyId: number, id: number): Promise<FlowRow> {
    const [row] = await this.db
      .select()
      .from(flows)
      .where(and(eq(flows.id, id), eq(flows.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_FLOW_FOUND");
    return row;
  }

  private async version(id: number): Promise<FlowVersionRow | null> {
    const [v] = await this.db.select().from(flowVersions).where(eq(flowVersions.id, id)).limit(1);
    return v ?? null;
  }

  private async versionNumber(row: FlowRow): Promise<number | null> {
    return row.versionId ? ((await this.version(row.versionId))?.number ?? null) : null;
  }
}
