import { and, asc, eq, lte } from "drizzle-orm";
import { nowIso } from "../../../core/db/columns.ts";
import type { Db } from "../../../core/db/database.ts";
import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import { AppError } from "../../../core/errors.ts";
import type { Logger } from "../../../core/log.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { SendToContactInput, SentToContact } from "../../tickets/server/tickets.contract.ts";
import { schedules } from "../schema/tables.ts";
import { nextOccurrence } from "./recurrence.ts";
import type { ScheduleFeed } from "./schedules.realtime.ts";
import type { ScheduleRow, ScheduleViews } from "./schedule-views.ts";

/** Rows read per query; a tick reads batches until one comes back short (or MAX_BATCHES). */
const BATCH = 100;
/** At most this many batches per tick, so one tick always ends; the next goes on. */
const MAX_BATCHES = 100;
/** Failed attempts at one occurrence before it stays ERRO (until the schedule is edited). */
export const MAX_ATTEMPTS = 5;
/** 1, 2, 4, 8 minutes between attempts. */
export const retryDelayMs = (attempt: number): number => 60_000 * 2 ** (attempt - 1);

/**
 * The tick's query: what is due at `now`, earliest first. Served by the partial index
 * `schedules_due_idx` (rows with nothing left to send are not in it).
 */
export function dueRows(db: Db, now: number, limit = BATCH) {
  return db.select({ id: schedules.id, dueAt: schedules.dueAt }).from(schedules).where(lte(schedules.dueAt, now)).orderBy(asc(schedules.dueAt)).limit(limit);
}

export interface SenderDeps {
  db: Db;
  services: Services;
  companyAccess: CompanyAccess;
  planFeatures: PlanFeatureRegistry;
  views: ScheduleViews;
  feed: ScheduleFeed;
  log: Logger;
  timeZone: string;
}

/**
 * Sends due schedules, each occurrence exactly once.
 *
 * A tick is ONE indexed query when nothing is due: `due_at <= now` over the partial index of
 * rows with something left to send. Each due row is then sent in its own transaction that
 * (1) claims it with a conditional UPDATE on the `due_at` it was read with, (2) stores the
 * outbound message and its delivery outbox row through `tickets.sendToContact`, and (3)
 * moves the schedule to its next occurrence or to ENVIADA. All three commit together or not
 * at all: a crash anywhere before the commit leaves the schedule due and nothing stored, a
 * crash after it leaves it sent; two nodes (or two ticks) racing for a row serialise on the
 * claim and the loser finds nothing to claim. Delivery to the channel is then the tickets
 * plugin's durable outbox (retried with backoff, de-duplicated by the message's own id).
 *
 * A failure rolls the transaction back and is recorded as ERRO with the reason and retried
 * after `retryDelayMs` up to MAX_ATTEMPTS; then it stays ERRO with no due time.
 */
export class ScheduleSender {
  constructor(private deps: SenderDeps) {}

  /**
   * Sends everything due at `now`; answers how many occurrences were sent.
   * @example
   *   await sender.sendDue(); // what the plugin's tick runs every few seconds
   */
  async sendDue(now = Date.now()): Promise<number> {
    let sent = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await dueRows(this.deps.db, now);
      for (const row of due) if (await this.sendOne(row.id, row.dueAt!, now)) sent++;
      if (due.length < BATCH) break;
    }
    return sent;
  }

  /** One occurrence of one schedule; false when another tick had it, or it failed. */
  private async sendOne(id: number, dueAt: number, now: number): Promise<boolean> {
    let outcome: { sent: SentToContact; row: ScheduleRow } | null;
    try {
      outcome = await this.deps.db.transaction(async (tx) => {
        // The claim is the transaction's first statement, a write: it takes the write lock
        // before reading, so a concurrent claimer waits and then finds due_at changed.
        const [claimed] = await tx
          .update(schedules)
          .set({ dueAt: null })
          .where(and(eq(schedules.id, id), eq(schedules.dueAt, dueAt)))
          .returning();
        if (!claimed) return null;
        await this.ensureMaySend(claimed.companyId);
        const sent = await this.deps.services.require("tickets.sendToContact")(sendInput(claimed), tx);
        const next = nextOccurrence(claimed, new Date(now), this.deps.timeZone);
        const [row] = await tx
          .update(schedules)
          .set({
            sentAt: nowIso(),
            timesSent: claimed.timesSent + 1,
            attempts: 0,
            lastError: null,
            ...(next
              ? { status: "PENDENTE", sendAt: next.sendAt.toISOString(), dueAt: next.dueAt.getTime(), occurrence: next.occurrence }
              : { status: "ENVIADA", dueAt: null, occurrence: claimed.occurrence + 1 }),
          })
          .where(eq(schedules.id, id))
          .returning();
        return { sent, row: row! };
      });
    } catch (err) {
      await this.failed(id, dueAt, now, err);
      return false;
    }
    if (!outcome) return false;
    await outcome.sent.announce();
    await this.announce(outcome.row);
    return true;
  }

  /** The attempt is recorded (its transaction rolled back): ERRO, retried later or given up. */
  private async failed(id: number, dueAt: number, now: number, err: unknown): Promise<void> {
    const reason = err instanceof AppError ? err.code : err instanceof Error ? err.message : String(err);
    try {
      const [row] = await this.deps.db
        .select()
        .from(schedules)
        .where(and(eq(schedules.id, id), eq(schedules.dueAt, dueAt)))
        .limit(1);
      if (!row) return; // edited or deleted meanwhile: the new state stands
      const attempts = row.attempts + 1;
      const [updated] = await this.deps.db
        .update(schedules)
        .set({ status: "ERRO", attempts, lastError: reason.slice(0, 500), dueAt: attempts >= MAX_ATTEMPTS ? null : now + retryDelayMs(attempts) })
        .where(and(eq(schedules.id, id), eq(schedules.dueAt, dueAt)))
        .returning();
      this.deps.log.warn(`schedule ${id} attempt ${attempts} failed${attempts >= MAX_ATTEMPTS ? " (giving up)" : ""}: ${reason}`);
      if (updated) await this.announce(updated);
    } catch (writeErr) {
      // Not even the failure could be written: the row is still due and the next tick tries again.
      this.deps.log.error(`schedule ${id}: recording a failed attempt failed`, writeErr);
    }
  }

  /** A disabled or overdue company, or one whose plan dropped schedules, sends nothing. */
  private async ensureMaySend(companyId: number): Promise<void> {
    const state = await this.deps.companyAccess.state(companyId);
    if (state === "disabled") throw new AppError("ERR_COMPANY_INACTIVE");
    if (state === "overdue") throw new AppError("ERR_SUBSCRIPTION_EXPIRED");
    if (!(await this.deps.planFeatures.enabled(companyId, "useSchedules"))) throw new AppError("ERR_PLAN_FEATURE_DISABLED");
  }

  private async announce(row: ScheduleRow): Promise<void> {
    try {
      const view = await this.deps.views.one(row.companyId, row.id);
      if (view) this.deps.feed.changed("update", view);
    } catch (err) {
      this.deps.log.error(`schedule ${row.id}: event failed`, err);
    }
  }
}

/** What the tickets plugin is asked to send for a schedule (spec 000 §4: openTicket off disables attendant, queue, status and signature). */
function sendInput(s: ScheduleRow): SendToContactInput {
  const opens = s.openTicket === "enabled";
  return {
    companyId: s.companyId,
    contactId: s.contactId,
    whatsappId: s.whatsappId,
    body: s.body,
    authorId: s.userId,
    sign: opens && s.assinar,
    openTicket: opens ? { status: s.statusTicket, userId: s.ticketUserId, queueId: s.queueId } : null,
    media: s.mediaPath ? { url: `/public/company${s.companyId}/${s.mediaPath}`, mimetype: s.mediaType ?? "application/octet-stream", fileName: s.mediaName ?? s.mediaPath } : null,
  };
}
