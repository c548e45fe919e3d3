import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import { chatbots, queues } from "../schema/tables.ts";
import { buildTree, type ChatbotRow, descendantIds, flatten, MAX_DEPTH, MAX_OPTIONS } from "./chatbots.tree.ts";
import { type ChatbotOption, type ChatbotOptionInput, OPTION_FIELD_KEYS, optionProblems } from "../shared/chatbot-option.ts";
import type { ReferenceRegistry } from "./reference-registry.ts";

type OptionFields = Omit<ChatbotOptionInput, "id" | "options">;

/** The stored fields of an option (the shared schema's keys); undefined ones stay undefined (a patch). */
const fieldsOf = (o: Partial<OptionFields>) => Object.fromEntries(OPTION_FIELD_KEYS.map((k) => [k, o[k]])) as Partial<OptionFields>;

const invalid = (field: string, message: string) => new AppError("ERR_VALIDATION", { fields: { [field]: message } });

/**
 * Chatbot option trees: rows with a parent, nested when read. Writes take whole
 * subtrees: an input option with an `id` of the same subtree is updated, one without
 * is created, and existing options the input no longer names are removed (with their steps).
 */
export class ChatbotsService {
  constructor(
    private db: Db,
    /** Integrations and file lists an option names must exist in the company (queues.registerReference). */
    private references: Pick<ReferenceRegistry, "ensure">,
  ) {}

  async rowsOfQueue(queueId: number, tx: DbOrTx = this.db): Promise<ChatbotRow[]> {
    return tx.select().from(chatbots).where(eq(chatbots.queueId, queueId));
  }

  async treeOf(queueId: number, tx: DbOrTx = this.db): Promise<ChatbotOption[]> {
    return buildTree(await this.rowsOfQueue(queueId, tx));
  }

  /** An option of the company, or ERR_NOT_FOUND (also for another company's id). */
  async row(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ChatbotRow> {
    const [row] = await tx
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.id, id), eq(chatbots.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    return row;
  }

  /** One option with its nested steps. */
  async show(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ChatbotOption> {
    const row = await this.row(companyId, id, tx);
    const rows = await this.rowsOfQueue(row.queueId, tx);
    return { ...buildTree([{ ...row, parentId: null }]).at(0)!, parentId: row.parentId, options: buildTree(rows, row.id) };
  }

  /**
   * Makes the children of `parentId` (null: the queue's first level) exactly `inputs`.
   * `depthAbove` is how deep `parentId` itself sits (0 for the first level).
   */
  async replaceChildren(tx: DbOrTx, companyId: number, queueId: number, parentId: number | null, inputs: ChatbotOptionInput[], depthAbove = 0, at = "chatbots"): Promise<void> {
    const rows = await this.rowsOfQueue(queueId, tx);
    const scope = parentId === null ? new Set(rows.map((r) => r.id)) : descendantIds(rows, parentId);
    const nodes = flatten(inputs, 1, at);
    const outside = rows.length - scope.size;
    if (nodes.length + outside > MAX_OPTIONS) throw invalid("options", `At most ${MAX_OPTIONS} options per queue`);
    if (nodes.some((n) => n.depth + depthAbove > MAX_DEPTH)) throw invalid("options", `At most ${MAX_DEPTH} levels`);
    for (const { node } of nodes) if (node.id !== undefined && !scope.has(node.id)) throw invalid("options", "Unknown option");
    await this.ensureTargets(tx, companyId, nodes, rows);
    const seen = new Set<number>();
    const write = async (parent: number | null, list: ChatbotOptionInput[]) => {
      for (const [position, input] of list.entries()) {
        const values = { ...fieldsOf(input), parentId: parent, position };
        let id = input.id;
        if (id !== undefined) {
          if (seen.has(id)) throw invalid("options", "An option appears twice");
          await tx
            .update(chatbots)
            .set(values)
            .where(and(eq(chatbots.id, id), eq(chatbots.companyId, companyId)));
        } else {
          const [created] = await tx
            .insert(chatbots)
            .values({ ...fieldsOf(input), name: input.name, parentId: parent, position, companyId, queueId })
            .returning({ id: chatbots.id });
          id = created!.id;
        }
        seen.add(id);
        await write(id, input.options ?? []);
      }
    };
    await write(parentId, inputs);
    const gone = [...scope].filter((id) => !seen.has(id));
    if (gone.length) await tx.delete(chatbots).where(and(eq(chatbots.companyId, companyId), inArray(chatbots.id, gone)));
  }

  /** Adds one option (with nested steps) under a queue's first level or under another option. */
  async create(
    tx: DbOrTx,
    companyId: number,
    target: { queueId: number; parentId: number | null; depthAbove: number },
    input: OptionFields & { options: ChatbotOptionInput[] },
  ): Promise<number> {
    const siblings = (await this.rowsOfQueue(target.queueId, tx)).filter((r) => r.parentId === target.parentId);
    const node: ChatbotOptionInput = { ...input };
    const all = await this.rowsOfQueue(target.queueId, tx);
    if (flatten([node]).length + all.length > MAX_OPTIONS) throw invalid("options", `At most ${MAX_OPTIONS} options per queue`);
    if (flatten([node]).some((n) => n.depth + target.depthAbove > MAX_DEPTH)) throw invalid("options", `At most ${MAX_DEPTH} levels`);
    // The option itself here; its steps are checked with their paths by replaceChildren below.
    await this.ensureTargets(tx, companyId, [{ node, path: "" }]);
    const position = siblings.reduce((max, r) => Math.max(max, r.position + 1), 0);
    const [created] = await tx
      .insert(chatbots)
      .values({ ...fieldsOf(input), name: input.name, parentId: target.parentId, position, companyId, queueId: target.queueId })
      .returning({ id: chatbots.id });
    await this.replaceChildren(tx, companyId, target.queueId, created!.id, input.options, target.depthAbove + 1, "options");
    return created!.id;
  }

  /** Changes one option; `options`, when given, replaces its subtree. */
  async update(tx: DbOrTx, companyId: number, row: ChatbotRow, patch: Partial<OptionFields> & { options?: ChatbotOptionInput[] }): Promise<void> {
    const merged = { ...row, ...Object.fromEntries(Object.entries(fieldsOf(patch)).filter(([, v]) => v !== undefined)) } as ChatbotRow;
    const hasSteps = patch.options ? patch.options.length > 0 : (await this.rowsOfQueue(row.queueId, tx)).some((r) => r.parentId === row.id);
    const problems = optionProblems(merged, hasSteps);
    if (Object.keys(problems).length) throw new AppError("ERR_VALIDATION", { fields: problems });
    await this.ensureTargets(tx, companyId, [{ node: merged, path: "" }], [row]);
    await tx
      .update(chatbots)
      .set(fieldsOf(merged))
      .where(and(eq(chatbots.id, row.id), eq(chatbots.companyId, companyId)));
    if (patch.options) await this.replaceChildren(tx, companyId, row.queueId, row.id, patch.options, await this.depthOf(tx, row), "options");
  }

  /** How deep an option sits (1 = the first level). */
  async depthOf(tx: DbOrTx, row: ChatbotRow): Promise<number> {
    const rows = await this.rowsOfQueue(row.queueId, tx);
    const byId = new Map(rows.map((r) => [r.id, r]));
    let depth = 1;
    for (let p = row.parentId; p !== null && depth <= MAX_DEPTH + 1; p = byId.get(p)?.parentId ?? null) depth++;
    return depth;
  }

  async remove(tx: DbOrTx, companyId: number, id: number): Promise<void> {
    // The parent_id foreign key cascades: the option's nested steps go with it.
    await tx.delete(chatbots).where(and(eq(chatbots.id, id), eq(chatbots.companyId, companyId)));
  }

  /**
   * Target queues and users must be the company's own (another company's id is refused like an
   * unknown one), and so must the integrations and file lists options name (through the
   * reference registry). An id an existing option already held (`stored`) is not asked again:
   * a provider uninstalled since, or a list deleted since, does not block editing the rest.
   */
  private async ensureTargets(
    tx: DbOrTx,
    companyId: number,
    /** Each option with where it sits in the request ("" for the option a /chatbot call names). */
    entries: { node: Pick<ChatbotOptionInput, "id" | "optQueueId" | "optUserId" | "optIntegrationId" | "optFileId">; path: string }[],
    stored: readonly ChatbotRow[] = [],
  ) {
    const nodes = entries.map((e) => e.node);
    const queueIds = [...new Set(nodes.map((n) => n.optQueueId).filter((v): v is number => typeof v === "number"))];
    const userIds = [...new Set(nodes.map((n) => n.optUserId).filter((v): v is number => typeof v === "number"))];
    if (queueIds.length) {
      const found = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
      if (found.length !== queueIds.length) throw invalid("optQueueId", "Invalid queue");
    }
    if (userIds.length) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
      if (found.length !== userIds.length) throw invalid("optUserId", "Invalid user");
    }
    const before = new Map(stored.map((r) => [r.id, r]));
    const changed = (n: (typeof nodes)[number], key: "optIntegrationId" | "optFileId") => {
      const old = n.id === undefined ? undefined : before.get(n.id);
      return !old || old[key] !== n[key] ? n[key] : null;
    };
    const field = (path: string, key: string) => (path ? `${path}.${key}` : key);
    await this.references.ensure(
      companyId,
      entries.flatMap(({ node, path }) => [
        { field: field(path, "optIntegrationId"), kind: "integration" as const, id: changed(node, "optIntegrationId") },
        { field: field(path, "optFileId"), kind: "fileList" as const, id: changed(node, "optFileId") },
      ]),
    );
  }
}
