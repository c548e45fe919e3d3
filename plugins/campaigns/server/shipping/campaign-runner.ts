import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Db, DbOrTx, Tx } from "../../../../core/db/database.ts";
import type { SyncDb, WriteBatcher, WriteUnit } from "../../../../core/db/write-batch.ts";
import { AppError } from "../../../../core/errors.ts";
import { startOfLocalDay, startOfNextLocalDay } from "../../../../core/time/index.ts";
import type { PluginJobs } from "../../../../core/jobs/job-api.ts";
import type { Logger } from "../../../../core/log.ts";
import type { PlanFeatureRegistry } from "../../../../core/plugin/plan-features.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { InboundStored } from "../../../tickets/server/bot.contract.ts";
import type { SendToContactInput, SendToContactStep, SentToContact, StepContact } from "../../../tickets/server/tickets.contract.ts";
import type { ContactRow } from "../../../contacts/server/contacts.contract.ts";
import { campaignShippings, campaigns, contactListItems } from "../../schema/tables.ts";
import { contactsView } from "../../schema/views.ts";
import type { CampaignFeeds } from "../campaigns.realtime.ts";
import type { CampaignRow, CampaignViews } from "../campaigns/campaign-views.ts";
import type { CampaignSettingsStore, CampaignSettingsValues } from "../settings/campaign-settings.ts";
import { fillText, gapAfter, pickVariant } from "./campaign-text.ts";
import { INVALID_NUMBER, SUPPRESSED } from "./skip-codes.ts";
import { nextOpening } from "./send-window.ts";
import { inSavepoint, shipStatements } from "./ship-statements.ts";

/** One shipping job: one row of one run; `followUp` is the message after a confirmation (not part of the chain). */
export interface ShipPayload {
  campaignId: number;
  shippingId: number;
  run: number;
  whatsappId: number;
  /** 1-based position in the run (the longer-interval count). */
  seq: number;
  /** The connection's gap after this message, in ms (read by the job runner's pace). */
  gapMs: number;
  followUp?: boolean;
}
interface StartPayload {
  campaignId: number;
  scheduledAt: string;
}

type ShippingRow = typeof campaignShippings.$inferSelect;
type Target = { number: string; name: string; email: string; contactId: number | null; contactListItemId: number | null; failedAt?: string; error?: string };

/** Rows inserted per statement when a campaign starts. */
const CHUNK = 500;
/**
 * A zero-gap shipping job sends up to this many rows in one transaction (one claim of the job,
 * one commit): the per-message cost of a job and a commit is what bounded throughput.
 */
const BATCH_ROWS = 50;
/** ...at least this many (when it has them), however slow the machine, so a batch always gains... */
const BATCH_MIN_ROWS = 5;
/** ...and stops sending after this long, so its write lock never keeps other writers waiting long. */
const BATCH_MS = 40;
/**
 * A batch's time budget, kept across the runs of its write unit: on a libSQL server the unit runs
 * again from its start each time it needs an answer (core/db/remote-units.ts), and a run that cut
 * the batch before a row an earlier run had sent would issue other statements (the unit fails).
 * `began`: the first run's start (the writer is held from then on, answers included); `reached`:
 * the last row index any run went into.
 */
interface BatchBudget {
  began: number | null;
  reached: number;
}

/** The ack from which a message counts as read (channel-driver.contract.ts: 3 and 4 read, 5 done). */
const READ_ACK = 3;
/** How often a chain waiting for its connection to come back (not CONNECTED) looks again. */
const PAUSED_RECHECK_MS = 30_000;
/** A running campaign's live update is sent at most this often (the report re-reads its counts). */
const ANNOUNCE_EVERY_MS = 1_000;

/** Rows the chain still has to act on: not sent, not refused, and not waiting for the contact's reply. */
const needsAction = and(
  isNull(campaignShippings.deliveredAt),
  isNull(campaignShippings.failedAt),
  or(isNull(campaignShippings.confirmationVariant), isNull(campaignShippings.confirmationRequestedAt), isNotNull(campaignShippings.confirmedAt)),
);

/** What a row of a batch needs inside the unit: its contact (known, or a find-or-create step), or why it is refused. */
type PreparedRow = { contact: StepContact } | { findContact: (unit: WriteUnit) => ContactRow } | { refused: AppError };

/** A batch's async half, read before its unit: the send step (or the connection's refusal) and each row's contact. */
interface PreparedBatch {
  send: SendToContactStep | { refused: AppError };
  rows: Map<number, PreparedRow>;
}

export interface RunnerDeps {
  db: Db;
  /** The write batcher (`ctx.writes`): a batch of rows is one synchronous unit of it. */
  writes: Pick<WriteBatcher, "run">;
  jobs: PluginJobs;
  services: Services;
  planFeatures: PlanFeatureRegistry;
  settings: CampaignSettingsStore;
  views: CampaignViews;
  feeds: CampaignFeeds;
  log: Logger;
  now?: () => number;
}

/**
 * A campaign's life on the job runner (README "How a campaign runs"):
 * - `start` (due at scheduledAt): PROGRAMADA → EM_ANDAMENTO, one shipping row per target,
 *   the chain's first `ship` job, all in one transaction.
 * - `ship` (lane: the connection, paced by the campaign settings): claims its row with a
 *   conditional UPDATE that also checks the campaign is still running this run, stores the
 *   message through `tickets.sendToContact` (outbox), and enqueues the next row's job, in one
 *   transaction: a crash before the commit leaves all undone, after it all done. The row's
 *   own columns say what was sent, so a job run twice sends nothing twice.
 * - The last job finds nothing left: FINALIZADA with completedAt.
 */
export class CampaignRunner {
  private announcedAt = new Map<number, number>();
  private now: () => number;

  constructor(private deps: RunnerDeps) {
    this.now = deps.now ?? Date.now;
  }

  define(): void {
    this.deps.jobs.define<StartPayload>("start", (job) => this.start(job.payload));
    this.deps.jobs.define<ShipPayload>("ship", (job) => this.ship(job.payload), {
      // One lane per connection: two campaigns on one connection share its pace.
      lane: (p) => `connection:${p.whatsappId}`,
      pace: (p) => ({ minGapMs: p.gapMs, jitterMs: 0 }),
    });
  }

  /** The company's time zone (campaign setting `timezone`). */
  async timeZoneOf(companyId: number): Promise<string> {
    return (await this.deps.settings.values(companyId)).timezone;
  }

  /** Enqueues the start at the campaign's time, in the caller's transaction; one job per (campaign, time). */
  async scheduleStart(row: CampaignRow, tx: Tx): Promise<void> {
    await this.deps.jobs.enqueue("start", { campaignId: row.id, scheduledAt: row.scheduledAt! } satisfies StartPayload, {
      tx,
      companyId: row.companyId,
      dueAt: new Date(row.scheduledAt!),
      dedupeKey: `start:${row.id}:${row.scheduledAt}`,
    });
  }

  async start(p: StartPayload): Promise<void> {
    const [before] = await this.deps.db.select().from(campaigns).where(eq(campaigns.id, p.campaignId)).limit(1);
    if (before?.status !== "PROGRAMADA" || before.scheduledAt !== p.scheduledAt) return;
    // The async reads first (targets, settings): the unit itself holds the writer only for SQL.
    const targets = await this.targets(this.deps.db, before);
    const settings = await this.deps.settings.values(before.companyId);
    const row = await this.deps.writes.run(({ db }) => {
      const row = db
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", run: sql`${campaigns.run} + 1` })
        .where(and(eq(campaigns.id, p.campaignId), eq(campaigns.status, "PROGRAMADA"), eq(campaigns.scheduledAt, p.scheduledAt)))
        .returning()
        .get();
      if (!row) return null; // edited, unscheduled or deleted since: a later job (or none) starts it
      // The targets read above are the campaign's as edited until then: an edit bumps scheduledAt (the job's key).
      this.createRows(db, row, targets);
      return this.continueAfter(db, row, 0, 1, settings) ?? row;
    });
    if (row) await this.announce(row, true);
  }

  /** CANCELADA → EM_ANDAMENTO as a new run that goes on with the rows not sent; null when not cancelled. */
  async restart(companyId: number, id: number): Promise<CampaignRow | null> {
    const settings = await this.deps.settings.values(companyId);
    return this.deps.writes.run(({ db }) => {
      const row = db
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", completedAt: null, run: sql`${campaigns.run} + 1` })
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, "CANCELADA")))
        .returning()
        .get();
      if (!row) return null;
      return this.continueAfter(db, row, 0, 1, settings) ?? row;
    });
  }

  /** One shipping job (see the class comment). */
  async ship(p: ShipPayload): Promise<void> {
    const [campaign] = await this.deps.db.select().from(campaigns).where(eq(campaigns.id, p.campaignId)).limit(1);
    if (!campaign || !this.mayAct(campaign, p)) return;
    const settings = await this.deps.settings.values(campaign.companyId);
    const now = this.now();
    // The company's time zone (a setting): its hours, its weekend, its midnight for the cap.
    const opening = nextOpening(settings, now, settings.timezone);
    if (opening > now) {
      // Outside the hours or days it may send: the same row waits for the next opening.
      await this.deps.jobs.enqueue("ship", p, { companyId: campaign.companyId, dueAt: opening, dedupeKey: `ship:${p.shippingId}:${p.run}:${p.followUp ? "f" : "c"}:${opening}` });
      return;
    }
    if (!(await this.deps.planFeatures.enabled(campaign.companyId, "useCampaigns"))) return;
    const connection = campaign.whatsappId != null ? await this.deps.services.require("connections.get")(campaign.companyId, campaign.whatsappId) : null;
    if (connection && connection.status !== "CONNECTED") {
      // The connection dropped: the same row waits and is tried again; it goes once it is back.
      const due = now + PAUSED_RECHECK_MS;
      await this.deps.jobs.enqueue("ship", p, { companyId: campaign.companyId, dueAt: due, dedupeKey: `ship:${p.shippingId}:${p.run}:${p.followUp ? "f" : "c"}:paused:${due}` });
      return;
    }
    // The connection's daily cap (a setting): once reached, the same row waits for the next local day.
    let room = Number.POSITIVE_INFINITY;
    if (settings.dailyLimit > 0 && campaign.whatsappId != null) {
      room = settings.dailyLimit - (await this.sentToday(campaign.whatsappId, startOfLocalDay(now, settings.timezone)));
      if (room <= 0) {
        // Keyed by this attempt (not the due day): a job that finds the cap reached again, early, still leaves its successor.
        const due = startOfNextLocalDay(now, settings.timezone);
        await this.deps.jobs.enqueue("ship", p, { companyId: campaign.companyId, dueAt: due, dedupeKey: `ship:${p.shippingId}:${p.run}:${p.followUp ? "f" : "c"}:cap:${now}` });
        return;
      }
    }
    // With no gap after a message the next one may follow at once: the job sends a batch.
    const ids = (p.followUp || gapAfter(p.seq, settings) > 0 ? [p.shippingId] : await this.batchIds(p, settings)).slice(0, room);
    const prepared = await this.prepare(campaign, ids);
    // ONE write unit: every row's claim, contact, message and delivery outbox row, and the next job.
    const budget: BatchBudget = { began: null, reached: -1 };
    const { sent, finished } = await this.deps.writes.run((unit) => this.sendBatch(unit, campaign, p, ids, settings, prepared, budget));
    // Together, not one after another: each announcement's listeners write (the API channel's
    // webhook jobs), and concurrent units share the write batcher's commits.
    await Promise.all(sent.map((s) => s.announce()));
    await this.announce(finished ?? campaign, finished != null);
  }

  /** Campaign messages (and confirmation requests) stored on the connection since `since` (ms). */
  private async sentToday(whatsappId: number, since: number): Promise<number> {
    const iso = new Date(since).toISOString();
    const [row] = await this.deps.db
      .select({ n: sql<number>`count(*)` })
      .from(campaignShippings)
      .where(
        and(
          sql`${campaignShippings.campaignId} IN (SELECT "c"."id" FROM "campaigns" AS "c" WHERE "c"."whatsapp_id" = ${whatsappId})`,
          or(gte(campaignShippings.deliveredAt, iso), gte(campaignShippings.confirmationRequestedAt, iso)),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /**
   * The rows a zero-gap job may send: its own, then the next ones needing action while the
   * gap after each stays zero, at most BATCH_ROWS (the time bound is kept while sending).
   */
  private async batchIds(p: ShipPayload, settings: CampaignSettingsValues): Promise<number[]> {
    const next = await this.deps.db
      .select({ id: campaignShippings.id })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, p.campaignId), gt(campaignShippings.id, p.shippingId), needsAction))
      .orderBy(asc(campaignShippings.id))
      .limit(BATCH_ROWS - 1);
    const ids = [p.shippingId];
    // Row i (0-based) may follow row i-1 at once only when the gap after row i-1 is zero.
    for (const row of next) {
      if (gapAfter(p.seq + ids.length - 1, settings) > 0) break;
      ids.push(row.id);
    }
    return ids;
  }

  /**
   * The async half of a batch, read before its unit: the tickets plugin's send step for the
   * campaign's connection, and each row's contact (read, or a find-or-create step for a list
   * item). A refusal here (a number that is no number, a connection gone) is kept and marks
   * the row inside the unit, once it is claimed (so a cancelled campaign's rows stay as they are).
   */
  private async prepare(c: CampaignRow, ids: number[]): Promise<PreparedBatch> {
    const rows = await this.deps.db
      .select({ id: campaignShippings.id, number: campaignShippings.number, name: campaignShippings.name, contactId: campaignShippings.contactId })
      .from(campaignShippings)
      .where(and(inArray(campaignShippings.id, ids), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt)));
    const knownIds = rows.flatMap((r) => (r.contactId != null ? [r.contactId] : []));
    const known = new Map<number, StepContact>();
    if (knownIds.length) {
      const found = await this.deps.db
        .select({ id: contactsView.id, name: contactsView.name, isGroup: contactsView.isGroup })
        .from(contactsView)
        .where(and(eq(contactsView.companyId, c.companyId), inArray(contactsView.id, knownIds)));
      for (const f of found) known.set(f.id, f);
    }
    const findOrCreateStep = this.deps.services.require("contacts.findOrCreateStep");
    const prepared = new Map<number, PreparedRow>();
    for (const row of rows) {
      const contact = row.contactId != null ? known.get(row.contactId) : undefined;
      if (contact) {
        prepared.set(row.id, { contact });
        continue;
      }
      try {
        prepared.set(row.id, { findContact: await findOrCreateStep({ companyId: c.companyId, number: row.number, name: row.name || undefined }) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // a passing failure: the job retries
        prepared.set(row.id, { refused: err });
      }
    }
    let send: PreparedBatch["send"];
    try {
      send = await this.deps.services.require("tickets.sendToContactStep")({ companyId: c.companyId, whatsappId: c.whatsappId, sign: false });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      send = { refused: err };
    }
    return { send, rows: prepared };
  }

  /**
   * The unit of a chain job's rows `ids` (or the one row of a follow-up): each row claimed, its
   * contact found or created and its message stored (with its delivery outbox row), then the
   * next job enqueued or the campaign finished. Each claim re-checks the campaign's status and
   * run, and a cancel cannot commit while the unit holds the writer, so a cancel stops the
   * chain at a batch's edge. Sending stops after BATCH_MS, so the writer is never held long (an
   * attendant's reply on another connection waits for it). A row the tickets plugin refuses
   * (an AppError) is undone alone (a savepoint) and marked failed; any other error fails the
   * unit, and the job retries with nothing of it written.
   */
  private sendBatch(
    unit: WriteUnit,
    campaign: CampaignRow,
    p: ShipPayload,
    ids: number[],
    settings: CampaignSettingsValues,
    prepared: PreparedBatch,
    budget: BatchBudget,
  ): { sent: SentToContact[]; finished: CampaignRow | null } {
    const s = shipStatements(unit.db);
    const sent: SentToContact[] = [];
    budget.began ??= performance.now();
    let last = 0;
    for (const [index, id] of ids.entries()) {
      // Never before a row an earlier run of this unit went past: the cut is the same on every run.
      if (index > budget.reached && index >= BATCH_MIN_ROWS && performance.now() - budget.began > BATCH_MS) break;
      budget.reached = Math.max(budget.reached, index);
      last = index;
      // A step's after-commit work (a created contact's event) is kept only when its row stays.
      const after: (() => void | Promise<void>)[] = [];
      try {
        const message = inSavepoint(unit.db, () => {
          const row = this.claim(s, p, id);
          if (!row) return null; // sent already, or the campaign is no longer running this run
          const ready = prepared.rows.get(id);
          if (!ready) return null; // not read before the unit: sent or refused meanwhile
          if ("refused" in ready) throw ready.refused;
          if ("refused" in prepared.send) throw prepared.send.refused;
          const rowUnit: WriteUnit = { db: unit.db, afterCommit: (fn) => after.push(fn) };
          const contact = "contact" in ready ? ready.contact : ready.findContact(rowUnit);
          if (row.contactId == null) s.setContact.run({ id, contactId: contact.id, now: nowIso() });
          const stored = prepared.send(rowUnit, contact, this.input(campaign, { ...row, contactId: contact.id }, settings));
          // The campaign message's id: its read ack marks the row read (`markRead`).
          if (row.step === "message") s.setMessage.run({ id, messageId: stored.message.id, now: nowIso() });
          return stored;
        });
        if (message) sent.push(message);
        for (const fn of after) unit.afterCommit(fn);
      } catch (err) {
        if (!(err instanceof AppError)) throw err; // a passing failure: the unit fails, the job retries
        // Refused for good (an invalid number, a missing connection): the row is skipped, the chain goes on.
        this.deps.log.warn(`campaign ${p.campaignId} shipping ${id} refused: ${err.code}`);
        s.fail.run({ id, error: err.code, now: nowIso() });
      }
    }
    if (p.followUp) return { sent, finished: null };
    const lastSeq = p.seq + last;
    // A batch ends after a row whose gap is not zero (greaterInterval): the next job waits it out.
    const gap = last > 0 ? gapAfter(lastSeq, settings) : 0;
    const finished = this.continueAfter(unit.db, campaign, ids[last]!, lastSeq + 1, settings, gap > 0 ? this.now() + gap : undefined);
    return { sent, finished };
  }

  /**
   * The after-inbound step: a contact's reply to a confirmation request marks it confirmed and
   * enqueues the campaign message (in the message's own write unit). Never claims the message.
   */
  confirmStep(stored: InboundStored): undefined {
    if (stored.message.fromMe) return undefined;
    const waiting = stored.db
      .update(campaignShippings)
      .set({ confirmedAt: nowIso() })
      .where(
        and(
          eq(campaignShippings.contactId, stored.contact.id),
          isNotNull(campaignShippings.confirmationRequestedAt),
          isNull(campaignShippings.confirmedAt),
          isNull(campaignShippings.deliveredAt),
          isNull(campaignShippings.failedAt),
          eq(campaignShippings.companyId, stored.ticket.companyId),
          sql`${campaignShippings.campaignId} IN (SELECT "c"."id" FROM "campaigns" AS "c" WHERE "c"."whatsapp_id" = ${stored.ticket.whatsappId ?? -1})`,
        ),
      )
      .returning({ id: campaignShippings.id, campaignId: campaignShippings.campaignId })
      .all();
    for (const w of waiting) {
      const payload: ShipPayload = { campaignId: w.campaignId, shippingId: w.id, run: 0, whatsappId: stored.ticket.whatsappId!, seq: 1, gapMs: 0, followUp: true };
      this.deps.jobs.enqueueSync(stored.db, "ship", payload, { companyId: stored.ticket.companyId, dedupeKey: `confirmed:${w.id}` });
    }
    return undefined;
  }

  /**
   * The after-inbound step of the per-variant figures: a customer message on a connection marks
   * the contact's rows of that connection's campaigns replied, once, when their message was
   * already sent (a reply to a confirmation request is a confirmation, not a reply). Never claims.
   */
  replyStep(stored: InboundStored): undefined {
    if (stored.message.fromMe || stored.ticket.whatsappId == null) return undefined;
    const now = nowIso();
    stored.db
      .update(campaignShippings)
      .set({ repliedAt: now, updatedAt: now })
      .where(
        and(
          eq(campaignShippings.contactId, stored.contact.id),
          isNotNull(campaignShippings.deliveredAt),
          isNull(campaignShippings.repliedAt),
          eq(campaignShippings.companyId, stored.ticket.companyId),
          sql`${campaignShippings.campaignId} IN (SELECT "c"."id" FROM "campaigns" AS "c" WHERE "c"."whatsapp_id" = ${stored.ticket.whatsappId})`,
        ),
      )
      .run();
    return undefined;
  }

  /** `tickets.message.acked`: a campaign message read (ack ≥ 3) marks its row read, once. */
  async markRead(e: { companyId: number; messageId: number; ack: number }): Promise<void> {
    if (e.ack < READ_ACK) return;
    const now = nowIso();
    await this.deps.writes.run(({ db }) =>
      db
        .update(campaignShippings)
        .set({ readAt: now, updatedAt: now })
        .where(and(eq(campaignShippings.messageId, e.messageId), eq(campaignShippings.companyId, e.companyId), isNull(campaignShippings.readAt)))
        .run(),
    );
  }

  /** A chain job acts only in its own run of a running campaign; a confirmation's follow-up also after the campaign finished. */
  private mayAct(c: CampaignRow, p: ShipPayload): boolean {
    if (p.followUp) return c.status === "EM_ANDAMENTO" || c.status === "FINALIZADA";
    return c.status === "EM_ANDAMENTO" && c.run === p.run;
  }

  /**
   * Takes the row's next step, if it has one, with a conditional UPDATE: the confirmation
   * request, else the message. The campaign's state is part of the condition, so a cancel
   * that committed first stops it.
   */
  private claim(s: ReturnType<typeof shipStatements>, p: ShipPayload, id: number): (ShippingRow & { step: "confirmation" | "message" }) | null {
    const args = {
      id,
      campaignId: p.campaignId,
      status1: "EM_ANDAMENTO",
      status2: p.followUp ? "FINALIZADA" : "EM_ANDAMENTO",
      anyRun: p.followUp ? 1 : 0,
      run: p.run,
      now: nowIso(),
    };
    const asked = s.askConfirmation.get(args);
    if (asked) return { ...asked, step: "confirmation" };
    const message = s.deliver.get(args);
    return message ? { ...message, step: "message" } : null;
  }

  /** The tickets plugin's input for a claimed row (its contact known). */
  private input(c: CampaignRow, row: ShippingRow & { step: "confirmation" | "message"; contactId: number }, settings: CampaignSettingsValues): SendToContactInput {
    const variant = row.step === "confirmation" ? row.confirmationVariant! : row.variant;
    const template = (c[`${row.step === "confirmation" ? "confirmationMessage" : "message"}${variant}` as keyof CampaignRow] as string) ?? "";
    const opens = c.openTicket === "enabled";
    return {
      companyId: c.companyId,
      contactId: row.contactId,
      whatsappId: c.whatsappId,
      body: fillText(template, row, settings.variables),
      authorId: null,
      sign: false,
      // statusTicket pending: the ticket waits in the queue for an attendant (sendToContact gives it none).
      openTicket: opens ? { status: c.statusTicket, userId: c.userId, queueId: c.queueId } : null,
      media:
        row.step === "message" && c.mediaPath
          ? { url: `/public/company${c.companyId}/${c.mediaPath}`, mimetype: c.mediaType ?? "application/octet-stream", fileName: c.mediaName ?? c.mediaPath }
          : null,
    };
  }

  /**
   * Enqueues the job of the first row after `afterId` that needs action, or, when none is
   * left, finishes the campaign (FINALIZADA, completedAt). Answers the finished row, or null.
   */
  private continueAfter(db: SyncDb, c: CampaignRow, afterId: number, seq: number, settings: CampaignSettingsValues, dueAt?: number): CampaignRow | null {
    const next = db
      .select({ id: campaignShippings.id })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, c.id), gt(campaignShippings.id, afterId), needsAction))
      .orderBy(asc(campaignShippings.id))
      .limit(1)
      .get();
    if (next) {
      const current = db.select({ run: campaigns.run }).from(campaigns).where(eq(campaigns.id, c.id)).get();
      const run = current?.run ?? c.run;
      const payload: ShipPayload = { campaignId: c.id, shippingId: next.id, run, whatsappId: c.whatsappId ?? 0, seq, gapMs: gapAfter(seq, settings) };
      this.deps.jobs.enqueueSync(db, "ship", payload, { companyId: c.companyId, dueAt, dedupeKey: `ship:${next.id}:${run}:c` });
      return null;
    }
    const left = db
      .select({ id: campaignShippings.id })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, c.id), needsAction))
      .limit(1)
      .get();
    if (left) return null;
    return (
      db
        .update(campaigns)
        .set({ status: "FINALIZADA", completedAt: nowIso() })
        .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")))
        .returning()
        .get() ?? null
    );
  }

  /** One row per target (the list's items, or the contacts with the tag); variants chosen now. */
  private createRows(db: SyncDb, c: CampaignRow, targets: Target[]): void {
    const messages = [c.message1, c.message2, c.message3, c.message4, c.message5];
    const confirmations = [c.confirmationMessage1, c.confirmationMessage2, c.confirmationMessage3, c.confirmationMessage4, c.confirmationMessage5];
    for (let i = 0; i < targets.length; i += CHUNK) {
      const values = targets.slice(i, i + CHUNK).map((t) => ({
        ...t,
        companyId: c.companyId,
        campaignId: c.id,
        variant: pickVariant(messages) ?? 1,
        confirmationVariant: c.confirmation ? pickVariant(confirmations) : null,
      }));
      if (values.length) db.insert(campaignShippings).values(values).onConflictDoNothing().run();
    }
    // Opted-out numbers get their row (the report counts them) but are skipped from the start.
    db.update(campaignShippings)
      .set({ failedAt: nowIso(), error: SUPPRESSED })
      .where(
        and(
          eq(campaignShippings.campaignId, c.id),
          isNull(campaignShippings.deliveredAt),
          isNull(campaignShippings.failedAt),
          sql`${campaignShippings.number} IN (SELECT "s"."number" FROM "campaign_suppressions" AS "s" WHERE "s"."company_id" = ${c.companyId})`,
        ),
      )
      .run();
  }
  private async targets(tx: DbOrTx, c: CampaignRow): Promise<Target[]> {
    if (c.contactListId != null) {
      const items = await tx
        .select({ id: contactListItems.id, number: contactListItems.number, name: contactListItems.name, email: contactListItems.email, valid: contactListItems.isWhatsappValid })
        .from(contactListItems)
        .where(and(eq(contactListItems.contactListId, c.contactListId), eq(contactListItems.companyId, c.companyId)))
        .orderBy(asc(contactListItems.id));
      // Items the channel said are not on WhatsApp get their row (the report counts them), skipped from the start.
      return items.map((i) => ({
        number: i.number,
        name: i.name,
        email: i.email,
        contactId: null,
        contactListItemId: i.id,
        ...(i.valid ? {} : { failedAt: nowIso(), error: INVALID_NUMBER }),
      }));
    }
    if (c.tagListId == null) return [];
    const ids = await this.deps.services.require("tags.contactsWithTag")(c.companyId, c.tagListId, tx);
    const out: Target[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await tx
        .select({ id: contactsView.id, number: contactsView.number, name: contactsView.name, email: contactsView.email })
        .from(contactsView)
        .where(and(eq(contactsView.companyId, c.companyId), inArray(contactsView.id, ids.slice(i, i + CHUNK))));
      for (const r of rows) out.push({ number: r.number, name: r.name, email: r.email ?? "", contactId: r.id, contactListItemId: null });
    }
    return out;
  }

  /** `company-{id}-campaign` update; while it runs, at most once a second per campaign. */
  private async announce(row: CampaignRow, force: boolean): Promise<void> {
    const now = this.now();
    if (!force && now - (this.announcedAt.get(row.id) ?? 0) < ANNOUNCE_EVERY_MS) return;
    this.announcedAt.set(row.id, now);
    try {
      const view = await this.deps.views.one(row.companyId, row.id);
      if (view) this.deps.feeds.campaign(row.companyId, "update", view);
    } catch (err) {
      this.deps.log.error(`campaign ${row.id}: event failed`, err);
    }
  }
}
