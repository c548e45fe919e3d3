import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { PlanLimits } from "../../../core/plugin/plan-limits.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { queues } from "../schema/tables.ts";
import { defaultSchedules } from "../shared/queue-rules.ts";
import type { ChatbotsService } from "./chatbots.service.ts";
import type { ReferenceRegistry } from "./reference-registry.ts";
import type { ChatbotCreate, ChatbotPatch, QueueInput, QueuePatch } from "./queues.schemas.ts";

export type QueueRow = typeof queues.$inferSelect;

/** `company-{id}-queue`, the spec's realtime topic for queue changes. */
export const queueTopic = (companyId: number) => `company-${companyId}-queue`;

/** Whether a database error (or one it wraps) is the per-company colour index. */
function isColorViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (/queues_company_color_unique|queues\.company_id, lower/i.test(e.message)) return true;
  return false;
}

/**
 * `tempoRoteador: 0` is the spec form's "rotation off": rotation is switched off and the
 * stored minutes stay (the default on create), so switching it on again needs no new choice.
 */
function rotationOffWhenZero<T extends { ativarRoteador?: boolean; tempoRoteador?: number }>(input: T): T {
  if (input.tempoRoteador !== 0) return input;
  const { tempoRoteador: _off, ...rest } = input;
  return { ...rest, ativarRoteador: false } as T;
}

/** Sort order of every queue list: `orderQueue` first (unset last), then creation. */
export const queueOrder = [sql`${queues.orderQueue} IS NULL`, asc(queues.orderQueue), asc(queues.id)];

/** The rules about queues; handlers only translate HTTP to these calls. */
export class QueuesService {
  constructor(
    private db: Db,
    private realtime: Pick<Realtime, "emit">,
    private settings: Pick<SettingsService, "companyOne">,
    private chatbots: ChatbotsService,
    /** The kernel's plan limits (ctx.planLimits). */
    private limits: Pick<PlanLimits, "forCompany">,
    /** The queue's integration and file list must exist in the company (queues.registerReference). */
    private references: Pick<ReferenceRegistry, "ensure">,
  ) {}

  list(companyId: number) {
    return this.db
      .select()
      .from(queues)
      .where(eq(queues.companyId, companyId))
      .orderBy(...queueOrder);
  }

  /** A queue of the company, or ERR_NOT_FOUND (also for another company's id). */
  async get(companyId: number, id: number, tx: DbOrTx = this.db): Promise<QueueRow> {
    const [row] = await tx
      .select()
      .from(queues)
      .where(and(eq(queues.id, id), eq(queues.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    return row;
  }

  /** A queue with its option tree. */
  async show(companyId: number, id: number, tx: DbOrTx = this.db) {
    const row = await this.get(companyId, id, tx);
    return { ...row, chatbots: await this.chatbots.treeOf(id, tx) };
  }

  async create(companyId: number, input: QueueInput) {
    const { chatbots: tree, schedules, ...fields } = rotationOffWhenZero(input);
    await this.ensureOutOfHoursMessage(companyId, fields.outOfHoursMessage);
    await this.ensureReferences(companyId, fields);
    // The limit count, the greeting rule and the insert see the same queues: one write transaction.
    const queue = await this.db
      .transaction(async (tx) => {
        const existing = await this.countOf(tx, companyId);
        await this.ensureUnderPlanLimit(tx, companyId, existing);
        if (existing >= 1 && !fields.greetingMessage.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED");
        await this.ensureColorFree(tx, companyId, fields.color);
        const [row] = await tx
          .insert(queues)
          .values({ ...fields, schedules: schedules ?? defaultSchedules(), companyId })
          .returning();
        await this.chatbots.replaceChildren(tx, companyId, row!.id, null, tree);
        return this.show(companyId, row!.id, tx);
      })
      .catch(rethrowColor);
    this.realtime.emit(companyId, queueTopic(companyId), { action: "create", queue });
    return queue;
  }

  async update(companyId: number, id: number, patch: QueuePatch) {
    const target = await this.get(companyId, id);
    const { chatbots: tree, ...fields } = rotationOffWhenZero(patch);
    const merged = { ...target, ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) } as QueueRow;
    await this.ensureOutOfHoursMessage(companyId, merged.outOfHoursMessage);
    await this.ensureReferences(companyId, fields, target);
    const queue = await this.db
      .transaction(async (tx) => {
        if ((await this.countOf(tx, companyId)) > 1 && !merged.greetingMessage.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED");
        if (fields.color !== undefined) await this.ensureColorFree(tx, companyId, fields.color, id);
        if (Object.keys(fields).length)
          await tx
            .update(queues)
            .set({ ...fields, updatedAt: new Date().toISOString() })
            .where(and(eq(queues.id, id), eq(queues.companyId, companyId)));
        if (tree) await this.chatbots.replaceChildren(tx, companyId, id, null, tree);
        return this.show(companyId, id, tx);
      })
      .catch(rethrowColor);
    this.emitUpdate(companyId, queue);
    return queue;
  }

  async remove(companyId: number, id: number): Promise<void> {
    await this.get(companyId, id);
    // Options, user assignments and options pointing here go through the foreign keys.
    await this.db.delete(queues).where(and(eq(queues.id, id), eq(queues.companyId, companyId)));
    this.realtime.emit(companyId, queueTopic(companyId), { action: "delete", queueId: id });
  }

  /** GET /chatbot/{id}. */
  showOption(companyId: number, id: number) {
    return this.chatbots.show(companyId, id);
  }

  /** POST /chatbot: under a queue (`queueId`) or under another option (`parentId`). */
  async createOption(companyId: number, input: ChatbotCreate) {
    const { queueId, parentId, ...option } = input;
    const created = await this.db.transaction(async (tx) => {
      const target = parentId
        ? await this.chatbots.row(companyId, parentId, tx).then(async (p) => {
            if (!p.greetingMessage.trim()) throw new AppError("ERR_VALIDATION", { fields: { parentId: "The option message is required to add a next level" } });
            return { queueId: p.queueId, parentId: p.id, depthAbove: await this.chatbots.depthOf(tx, p) };
          })
        : { queueId: (await this.get(companyId, queueId!, tx)).id, parentId: null, depthAbove: 0 };
      const id = await this.chatbots.create(tx, companyId, target, option);
      return this.chatbots.show(companyId, id, tx);
    });
    await this.emitQueueOf(companyId, created.queueId);
    return created;
  }

  async updateOption(companyId: number, id: number, patch: ChatbotPatch) {
    const updated = await this.db.transaction(async (tx) => {
      const row = await this.chatbots.row(companyId, id, tx);
      await this.chatbots.update(tx, companyId, row, patch);
      return this.chatbots.show(companyId, id, tx);
    });
    await this.emitQueueOf(companyId, updated.queueId);
    return updated;
  }

  async removeOption(companyId: number, id: number): Promise<void> {
    const row = await this.chatbots.row(companyId, id);
    await this.chatbots.remove(this.db, companyId, id);
    await this.emitQueueOf(companyId, row.queueId);
  }

  private async emitQueueOf(companyId: number, queueId: number) {
    this.emitUpdate(companyId, await this.show(companyId, queueId));
  }

  private emitUpdate(companyId: number, queue: Awaited<ReturnType<QueuesService["show"]>>) {
    this.realtime.emit(companyId, queueTopic(companyId), { action: "update", queue });
  }

  private async countOf(tx: DbOrTx, companyId: number): Promise<number> {
    const [total] = await tx.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
    return total?.n ?? 0;
  }

  /** The out-of-hours message is required while the company schedules by queue. */
  private async ensureOutOfHoursMessage(companyId: number, message: string) {
    if (message.trim()) return;
    if ((await this.settings.companyOne(companyId, "scheduleType")) === "queue") throw new AppError("ERR_VALIDATION", { fields: { outOfHoursMessage: "Required" } });
  }

  /**
   * The integration and file list a queue names must exist in the company. On an update only a
   * changed id is asked: one stored before (its provider uninstalled or the record deleted since)
   * does not block editing the rest of the queue.
   */
  private ensureReferences(companyId: number, fields: Partial<Pick<QueueRow, "integrationId" | "fileListId">>, stored?: QueueRow) {
    const changed = (key: "integrationId" | "fileListId") => (stored && stored[key] === fields[key] ? null : fields[key]);
    return this.references.ensure(companyId, [
      { field: "integrationId", kind: "integration", id: changed("integrationId") },
      { field: "fileListId", kind: "fileList", id: changed("fileListId") },
    ]);
  }

  /** Colours tell queues apart on tickets: unique within a company (case-insensitive). */
  private async ensureColorFree(tx: DbOrTx, companyId: number, color: string, exceptId?: number) {
    const [taken] = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), sql`lower(${queues.color}) = ${color.toLowerCase()}`, exceptId ? ne(queues.id, exceptId) : undefined))
      .limit(1);
    if (taken) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  }

  /** A plan's `queues` is the most queues a company may have; 0 (or no plan) means no limit. */
  private async ensureUnderPlanLimit(tx: DbOrTx, companyId: number, existing: number) {
    const limit = (await this.limits.forCompany(companyId, tx)).queues;
    if (limit > 0 && existing >= limit) throw new AppError("ERR_PLAN_LIMIT_QUEUES", { limit });
  }
}

/** Two admins taking the same colour at once: the unique index decides. */
function rethrowColor(err: unknown): never {
  throw isColorViolation(err) ? new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS") : err;
}
