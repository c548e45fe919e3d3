import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Db, DbOrTx, Tx } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginJobs } from "../../../../core/jobs/job-api.ts";
import type { Logger } from "../../../../core/log.ts";
import type { PlanFeatureRegistry } from "../../../../core/plugin/plan-features.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import type { InboundStored } from "../../../tickets/server/bot.contract.ts";
import type { SendToContactInput, SentToContact } from "../../../tickets/server/tickets.contract.ts";
import { campaignShippings, campaigns, contactListItems } from "../../schema/tables.ts";
import { contactsView } from "../../schema/views.ts";
import type { CampaignFeeds } from "../campaigns.realtime.ts";
import type { CampaignRow, CampaignViews } from "../campaigns/campaign-views.ts";
import type { CampaignSettingsStore, CampaignSettingsValues } from "../settings/campaign-settings.ts";
import { fillText, gapAfter, pickVariant } from "./campaign-text.ts";
import { INVALID_NUMBER, SUPPRESSED } from "./skip-codes.ts";
import { DEFAULT_TIME_ZONE, nextOpening, startOfLocalDay, startOfNextLocalDay } from "./send-window.ts";

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

/** A batch's failure, with the index of the row that failed (the rows before it may go alone). */
class BatchFailure extends Error {
  constructor(
    readonly index: number,
    readonly error: unknown,
  ) {
    super(`shipping batch failed at row ${index}`);
  }
}

export interface RunnerDeps {
  db: Db;
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
    const row = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", run: sql`${campaigns.run} + 1` })
        .where(and(eq(campaigns.id, p.campaignId), eq(campaigns.status, "PROGRAMADA"), eq(campaigns.scheduledAt, p.scheduledAt)))
        .returning();
      if (!row) return null; // edited, unscheduled or deleted since: a later job (or none) starts it
      await this.createRows(tx, row);
      const settings = await this.deps.settings.values(row.companyId, tx);
      return (await this.continueAfter(tx, row, 0, 1, settings)) ?? row;
    });
    if (row) await this.announce(row, true);
  }

  /** CANCELADA → EM_ANDAMENTO as a new run that goes on with the rows not sent; null when not cancelled. */
  async restart(companyId: number, id: number): Promise<CampaignRow | null> {
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(campaigns)
        .set({ status: "EM_ANDAMENTO", completedAt: null, run: sql`${campaigns.run} + 1` })
        .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), eq(campaigns.status, "CANCELADA")))
        .returning();
      if (!row) return null;
      const settings = await this.deps.settings.values(companyId, tx);
      return (await this.continueAfter(tx, row, 0, 1, settings)) ?? row;
    });
  }

  /** One shipping job (see the class comment). */
  async ship(p: ShipPayload): Promise<void> {
    const [campaign] = await this.deps.db.select().from(campaigns).where(eq(campaigns.id, p.campaignId)).limit(1);
    if (!campaign || !this.mayAct(campaign, p)) return;
    const settings = await this.deps.settings.values(campaign.companyId);
    const now = this.now();
    const opening = nextOpening(settings, now, DEFAULT_TIME_ZONE);
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
      room = settings.dailyLimit - (await this.sentToday(campaign.whatsappId, startOfLocalDay(now, DEFAULT_TIME_ZONE)));
      if (room <= 0) {
        // Keyed by this attempt (not the due day): a job that finds the cap reached again, early, still leaves its successor.
        const due = startOfNextLocalDay(now, DEFAULT_TIME_ZONE);
        await this.deps.jobs.enqueue("ship", p, { companyId: campaign.companyId, dueAt: due, dedupeKey: `ship:${p.shippingId}:${p.run}:${p.followUp ? "f" : "c"}:cap:${now}` });
        return;
      }
    }
    // With no gap after a message the next one may follow at once: the job sends a batch.
    const ids = (p.followUp || gapAfter(p.seq, settings) > 0 ? [p.shippingId] : await this.batchIds(p, settings)).slice(0, room);
    let sent: SentToContact[] = [];
    let finished: CampaignRow | null = null;
    let limit = ids.length;
    for (;;) {
      try {
        await this.ensureContacts(campaign.companyId, ids.slice(0, limit));
        ({ sent, finished } = await this.sendBatch(campaign, p, ids.slice(0, limit), settings));
        break;
      } catch (err) {
        const failure = err instanceof BatchFailure ? err : { index: 0, error: err };
        if (!(failure.error instanceof AppError)) throw failure.error; // a passing failure: the job retries
        // The rows before the refused one go now; the refused one leads the next job, which marks it.
        if (failure.index > 0) {
          limit = failure.index;
          continue;
        }
        // Refused for good (an invalid number, a missing connection): the row is skipped, the chain goes on.
        const code = failure.error.code;
        this.deps.log.warn(`campaign ${p.campaignId} shipping ${p.shippingId} refused: ${code}`);
        sent = [];
        finished = await this.deps.db.transaction(async (tx) => {
          await tx
            .update(campaignShippings)
            .set({ failedAt: nowIso(), error: code })
            .where(and(eq(campaignShippings.id, p.shippingId), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt)));
          return p.followUp ? null : this.continueAfter(tx, campaign, p.shippingId, p.seq + 1, settings);
        });
        break;
      }
    }
    for (const s of sent) await s.announce();
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
   * One transaction for the rows `ids` of a chain job (or the one row of a follow-up): each
   * row claimed and its message stored, then the next job enqueued (or the campaign
   * finished). Each claim re-checks the campaign's status and run, and a cancel cannot commit
   * while this transaction holds the write lock, so a cancel stops the chain at a batch's
   * edge. Sending stops early after BATCH_MS, so the lock is never held long (an attendant's
   * reply on another connection waits for it). Throws BatchFailure naming the row that failed.
   */
  private async sendBatch(
    campaign: CampaignRow,
    p: ShipPayload,
    ids: number[],
    settings: CampaignSettingsValues,
  ): Promise<{ sent: SentToContact[]; finished: CampaignRow | null }> {
    return this.deps.db.transaction(async (tx) => {
      const sent: SentToContact[] = [];
      const began = performance.now();
      let last = 0;
      for (const [index, id] of ids.entries()) {
        if (index >= BATCH_MIN_ROWS && performance.now() - began > BATCH_MS) break;
        try {
          const row = await this.claim(tx, { ...p, shippingId: id });
          if (row) sent.push(await this.send(tx, campaign, row, settings));
        } catch (error) {
          throw new BatchFailure(index, error);
        }
        last = index;
      }
      if (p.followUp) return { sent, finished: null };
      const lastSeq = p.seq + last;
      // A batch ends after a row whose gap is not zero (greaterInterval): the next job waits it out.
      const gap = last > 0 ? gapAfter(lastSeq, settings) : 0;
      const finished = await this.continueAfter(tx, campaign, ids[last]!, lastSeq + 1, settings, gap > 0 ? this.now() + gap : undefined);
      return { sent, finished };
    });
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

  /** A chain job acts only in its own run of a running campaign; a confirmation's follow-up also after the campaign finished. */
  private mayAct(c: CampaignRow, p: ShipPayload): boolean {
    if (p.followUp) return c.status === "EM_ANDAMENTO" || c.status === "FINALIZADA";
    return c.status === "EM_ANDAMENTO" && c.run === p.run;
  }

  /**
   * Takes the row's next step, if it has one, with a conditional UPDATE that is the
   * transaction's first write: the confirmation request, else the message. The campaign's
   * state is part of the condition, so a cancel that committed first stops it.
   */
  private async claim(tx: Tx, p: ShipPayload): Promise<(ShippingRow & { step: "confirmation" | "message" }) | null> {
    // Subqueries name their table by hand (drizzle leaves columns unqualified there).
    const running = p.followUp
      ? sql`EXISTS (SELECT 1 FROM "campaigns" AS "c" WHERE "c"."id" = ${p.campaignId} AND "c"."status" IN ('EM_ANDAMENTO', 'FINALIZADA'))`
      : sql`EXISTS (SELECT 1 FROM "campaigns" AS "c" WHERE "c"."id" = ${p.campaignId} AND "c"."status" = 'EM_ANDAMENTO' AND "c"."run" = ${p.run})`;
    const open = and(eq(campaignShippings.id, p.shippingId), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt), running);
    const [asked] = await tx
      .update(campaignShippings)
      .set({ confirmationRequestedAt: nowIso() })
      .where(and(open, isNotNull(campaignShippings.confirmationVariant), isNull(campaignShippings.confirmationRequestedAt)))
      .returning();
    if (asked) return { ...asked, step: "confirmation" };
    const [message] = await tx
      .update(campaignShippings)
      .set({ deliveredAt: nowIso() })
      .where(and(open, or(isNull(campaignShippings.confirmationVariant), isNotNull(campaignShippings.confirmedAt))))
      .returning();
    return message ? { ...message, step: "message" } : null;
  }

  /**
   * List items become contacts before their messages are sent, in a transaction of their own
   * (the tickets plugin reads the contact through its own service, outside the sending
   * transaction): finding or creating one is idempotent, so a job run again finds the same contacts.
   */
  private async ensureContacts(companyId: number, shippingIds: number[]): Promise<void> {
    const rows = await this.deps.db
      .select({ id: campaignShippings.id, number: campaignShippings.number, name: campaignShippings.name })
      .from(campaignShippings)
      .where(and(inArray(campaignShippings.id, shippingIds), isNull(campaignShippings.contactId), isNull(campaignShippings.deliveredAt), isNull(campaignShippings.failedAt)));
    if (!rows.length) return;
    const findOrCreate = this.deps.services.require("contacts.findOrCreate");
    await this.deps.db.transaction(async (tx) => {
      for (const row of rows) {
        const contact = await findOrCreate({ companyId, number: row.number, name: row.name || undefined }, tx);
        await tx
          .update(campaignShippings)
          .set({ contactId: contact.id })
          .where(and(eq(campaignShippings.id, row.id), isNull(campaignShippings.contactId)));
      }
    });
  }

  private async send(tx: Tx, c: CampaignRow, row: ShippingRow & { step: "confirmation" | "message" }, settings: CampaignSettingsValues): Promise<SentToContact> {
    if (row.contactId == null) throw new AppError("ERR_NO_CONTACT_FOUND");
    const contactId = row.contactId;
    const variant = row.step === "confirmation" ? row.confirmationVariant! : row.variant;
    const template = (c[`${row.step === "confirmation" ? "confirmationMessage" : "message"}${variant}` as keyof CampaignRow] as string) ?? "";
    const body = fillText(template, row, settings.variables);
    const opens = c.openTicket === "enabled";
    const input: SendToContactInput = {
      companyId: c.companyId,
      contactId,
      whatsappId: c.whatsappId,
      body,
      authorId: null,
      sign: false,
      // statusTicket pending: the ticket waits in the queue for an attendant (sendToContact gives it none).
      openTicket: opens ? { status: c.statusTicket, userId: c.userId, queueId: c.queueId } : null,
      media:
        row.step === "message" && c.mediaPath
          ? { url: `/public/company${c.companyId}/${c.mediaPath}`, mimetype: c.mediaType ?? "application/octet-stream", fileName: c.mediaName ?? c.mediaPath }
          : null,
    };
    return this.deps.services.require("tickets.sendToContact")(input, tx);
  }

  /**
   * Enqueues the job of the first row after `afterId` that needs action, or, when none is
   * left, finishes the campaign (FINALIZADA, completedAt). Answers the finished row, or null.
   */
  private async continueAfter(tx: Tx, c: CampaignRow, afterId: number, seq: number, settings: CampaignSettingsValues, dueAt?: number): Promise<CampaignRow | null> {
    const [next] = await tx
      .select({ id: campaignShippings.id })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, c.id), gt(campaignShippings.id, afterId), needsAction))
      .orderBy(asc(campaignShippings.id))
      .limit(1);
    if (next) {
      const [current] = await tx.select({ run: campaigns.run }).from(campaigns).where(eq(campaigns.id, c.id));
      const run = current?.run ?? c.run;
      const payload: ShipPayload = { campaignId: c.id, shippingId: next.id, run, whatsappId: c.whatsappId ?? 0, seq, gapMs: gapAfter(seq, settings) };
      await this.deps.jobs.enqueue("ship", payload, { tx, companyId: c.companyId, dueAt, dedupeKey: `ship:${next.id}:${run}:c` });
      return null;
    }
    const [left] = await tx
      .select({ id: campaignShippings.id })
      .from(campaignShippings)
      .where(and(eq(campaignShippings.campaignId, c.id), needsAction))
      .limit(1);
    if (left) return null;
    const [done] = await tx
      .update(campaigns)
      .set({ status: "FINALIZADA", completedAt: nowIso() })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")))
      .returning();
    return done ?? null;
  }

  /** One row per target: the list's valid items, or the contacts with the tag; variants chosen now. */
  private async createRows(tx: Tx, c: CampaignRow): Promise<void> {
    const messages = [c.message1, c.message2, c.message3, c.message4, c.message5];
    const confirmations = [c.confirmationMessage1, c.confirmationMessage2, c.confirmationMessage3, c.confirmationMessage4, c.confirmationMessage5];
    const targets = await this.targets(tx, c);
    for (let i = 0; i < targets.length; i += CHUNK) {
      const values = targets.slice(i, i + CHUNK).map((t) => ({
        ...t,
        companyId: c.companyId,
        campaignId: c.id,
        variant: pickVariant(messages) ?? 1,
        confirmationVariant: c.confirmation ? pickVariant(confirmations) : null,
      }));
      if (values.length) await tx.insert(campaignShippings).values(values).onConflictDoNothing();
    }
    // Opted-out numbers get their row (the report counts them) but are skipped from the start.
    await tx
      .update(campaignShippings)
      .set({ failedAt: nowIso(), error: SUPPRESSED })
      .where(
        and(
          eq(campaignShippings.campaignId, c.id),
          isNull(campaignShippings.deliveredAt),
          isNull(campaignShippings.failedAt),
          sql`${campaignShippings.number} IN (SELECT "s"."number" FROM "campaign_suppressions" AS "s" WHERE "s"."company_id" = ${c.companyId})`,
        ),
      );
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
