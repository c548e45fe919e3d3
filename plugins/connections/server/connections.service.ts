import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import type { EventBus } from "../../../core/events/bus.ts";
import { AppError } from "../../../core/errors.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import type { PlanLimits } from "../../../core/plugin/plan-limits.ts";
import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { companies } from "../../../core/db/tables.ts";
import { whatsapps } from "../schema/tables.ts";
import { CHANNEL_PLAN_FLAG, type Channel, defaultOfficeHours } from "../shared/connection-rules.ts";
import { ensureCompanyQueues, queuesOf, setQueues, type QueueRef } from "./connection-queues.ts";
import type { ConnectionRow } from "./connections.contract.ts";
import "./connections-events.contract.ts";
import type { ConnectionEvents } from "./connections.events.ts";
import { formErrors } from "./connections.rules.ts";
import { type CONNECTION_REFERENCES, referenceErrors, type ReferenceExists } from "./connection-references.ts";
import type { ConnectionInput, ConnectionPatch } from "./connections.schemas.ts";
import { newToken } from "./token.ts";

export type ConnectionView = ConnectionRow & { queues: QueueRef[]; queueIds: number[] };
export type StatusPatch = Partial<Pick<ConnectionRow, "status" | "qrcode" | "number" | "retries" | "statusImportMessages">>;

const notFound = () => new AppError("ERR_NO_WAPP_FOUND");

/**
 * How long a connection read by id or token is reused. Every change made through this
 * service drops the cache at once (a regenerated token stops working immediately); the
 * bound covers rows changed behind its back (a company deleted by cascade, another node).
 */
const CACHE_MS = 1_000;
const byId = (companyId: number, id: number) => and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId));

/**
 * The rules about connections; handlers only translate HTTP to these calls.
 * Default rules: a company that has connections has exactly one default. The first
 * connection becomes default; making one default unsets the others in the same
 * transaction; unsetting the default, or deleting it while others exist, answers
 * ERR_NO_OTHER_WHATSAPP (choose another default first). Deleting the last one is allowed.
 */
export class ConnectionsService {
  constructor(
    private db: Db,
    private settings: Pick<SettingsService, "companyOne">,
    private events: ConnectionEvents,
    private bus: Pick<EventBus, "emit">,
    /** The kernel's SSRF guard (ctx.outbound): webhookUrl must not point inside the server's network. */
    private outbound: Pick<OutboundGuard, "check">,
    /** The kernel's plan features (ctx.planFeatures): each channel needs its feature on the company's plan. */
    private planFeatures: Pick<PlanFeatureRegistry, "forCompany">,
    /** The kernel's plan limits (ctx.planLimits): the plan's connections, or what a paid custom plan gives for its period. */
    private limits: Pick<PlanLimits, "forCompany">,
    /** The queues plugin's reference registry (queues.referenceExists): integrations, prompts and flows must exist in the company. */
    private referenceExists: ReferenceExists,
  ) {}

  /** The company's connections limit (0: none, or no plan). */
  private async connectionsLimit(companyId: number): Promise<number> {
    return (await this.limits.forCompany(companyId)).connections;
  }

  /**
   * Rows read by the inbound hot path (every API message authenticates by token and looks
   * its connection up by id). `epoch` moves on each change: a read that started before a
   * change does not store what it read.
   */
  private cache = new Map<string, { row: ConnectionRow | null; at: number }>();
  private epoch = 0;

  private async cached(key: string, read: () => Promise<ConnectionRow | null>): Promise<ConnectionRow | null> {
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.row && { ...hit.row };
    const epoch = this.epoch;
    const row = await read();
    if (epoch === this.epoch) this.cache.set(key, { row, at: Date.now() });
    return row && { ...row };
  }

  /** Forgets every cached row; called once a change is committed. */
  private invalidate(): void {
    this.epoch++;
    this.cache.clear();
  }

  async list(companyId: number, channel?: Channel): Promise<ConnectionView[]> {
    const rows = await this.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), channel ? eq(whatsapps.channel, channel) : undefined))
      .orderBy(asc(whatsapps.id));
    return this.withQueues(this.db, rows);
  }

  /** How many more connections the company's plan allows (null: no limit). */
  async room(companyId: number): Promise<number | null> {
    const limit = await this.connectionsLimit(companyId);
    if (limit <= 0) return null;
    const [total] = await this.db.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
    return Math.max(0, limit - (total?.n ?? 0));
  }

  /** Every company's connections of one channel, oldest first (a session layer resumes them at boot). */
  async ofChannel(channel: Channel): Promise<ConnectionRow[]> {
    return this.db.select().from(whatsapps).where(eq(whatsapps.channel, channel)).orderBy(asc(whatsapps.id));
  }

  /** Every company's connections (super user). */
  async all(): Promise<ConnectionView[]> {
    return this.withQueues(this.db, await this.db.select().from(whatsapps).orderBy(asc(whatsapps.companyId), asc(whatsapps.id)));
  }

  async find(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ConnectionRow | null> {
    const read = async () => (await tx.select().from(whatsapps).where(byId(companyId, id)).limit(1))[0] ?? null;
    // Inside a transaction the caller must see its own uncommitted writes: no cache.
    return tx === this.db ? this.cached(`id:${companyId}:${id}`, read) : read();
  }

  /** A connection of the company, or ERR_NO_WAPP_FOUND (also for another company's id). */
  async get(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ConnectionRow> {
    const row = await this.find(companyId, id, tx);
    if (!row) throw notFound();
    return row;
  }

  async show(companyId: number, id: number, tx: DbOrTx = this.db): Promise<ConnectionView> {
    const [view] = await this.withQueues(tx, [await this.get(companyId, id, tx)]);
    return view!;
  }

  /** Any company's connection (super user). */
  async showAny(id: number): Promise<ConnectionView> {
    const [row] = await this.db.select().from(whatsapps).where(eq(whatsapps.id, id)).limit(1);
    if (!row) throw notFound();
    return (await this.withQueues(this.db, [row]))[0]!;
  }

  async byToken(token: string): Promise<ConnectionRow | null> {
    if (!token) return null;
    return this.cached(`token:${token}`, async () => (await this.db.select().from(whatsapps).where(eq(whatsapps.token, token)).limit(1))[0] ?? null);
  }

  async defaultOf(companyId: number): Promise<ConnectionRow | null> {
    const [row] = await this.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
      .limit(1);
    return row ?? null;
  }

  async create(companyId: number, input: ConnectionInput): Promise<ConnectionView> {
    const { queueIds, isDefault, schedules, companyId: _chosenBySuper, ...fields } = input;
    const [company] = await this.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
    // A company without a plan has no feature list to check (as before features left the kernel).
    const features = await this.planFeatures.forCompany(companyId);
    const flag = CHANNEL_PLAN_FLAG[fields.channel];
    if (features && features[flag] !== true) throw new AppError("ERR_PLAN_FEATURE_DISABLED", { flag });
    const limit = await this.connectionsLimit(companyId);
    await this.checkWebhookUrl(fields.webhookUrl);
    await this.checkReferences(companyId, fields);
    const npsEnabled = await this.npsEnabled(companyId);
    const view = await this.db.transaction(async (tx) => {
      const [total] = await tx.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
      const existing = total?.n ?? 0;
      if (limit > 0 && existing >= limit) throw new AppError("ERR_PLAN_LIMIT_CONNECTIONS", { limit });
      await this.ensureQueues(tx, companyId, { queueIds, sendIdQueue: fields.sendIdQueue, queueIdImportMessages: fields.queueIdImportMessages });
      const makeDefault = existing === 0 || isDefault === true;
      if (makeDefault) await tx.update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.companyId, companyId));
      const [row] = await tx
        .insert(whatsapps)
        .values({
          ...fields,
          companyId,
          isDefault: makeDefault,
          token: newToken(),
          // The API channel has no phone session to open: it is usable at once.
          status: fields.channel === "api" ? "CONNECTED" : "DISCONNECTED",
          schedules: schedules ?? defaultOfficeHours(),
        })
        .returning();
      await setQueues(tx, companyId, row!.id, queueIds ?? []);
      return this.checked(tx, companyId, row!.id, npsEnabled);
    });
    this.invalidate();
    this.events.updated(companyId, view);
    return view;
  }

  async update(companyId: number, id: number, patch: ConnectionPatch): Promise<ConnectionView> {
    const { queueIds, isDefault, ...fields } = patch;
    await this.checkWebhookUrl(fields.webhookUrl);
    await this.checkReferences(companyId, fields, await this.get(companyId, id));
    const npsEnabled = await this.npsEnabled(companyId);
    const { view, reset } = await this.db.transaction(async (tx) => {
      const current = await this.get(companyId, id, tx);
      await this.ensureQueues(tx, companyId, { queueIds, sendIdQueue: fields.sendIdQueue, queueIdImportMessages: fields.queueIdImportMessages });
      if (isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP");
      if (isDefault === true && !current.isDefault)
        await tx
          .update(whatsapps)
          .set({ isDefault: false })
          .where(and(eq(whatsapps.companyId, companyId), ne(whatsapps.id, id)));
      const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      await tx
        .update(whatsapps)
        .set({ ...changes, ...(isDefault === true ? { isDefault: true } : {}), updatedAt: new Date().toISOString() })
        .where(byId(companyId, id));
      if (queueIds) await setQueues(tx, companyId, id, queueIds);
      const checked = await this.checked(tx, companyId, id, npsEnabled);
      // Spec 001 §4: editing a CONNECTED connection with import enabled drops its session.
      // Only phone sessions (the whatsapp channel) import history.
      if (current.channel !== "whatsapp" || current.status !== "CONNECTED" || !checked.enableImportMessage) return { view: checked, reset: false };
      await tx.update(whatsapps).set({ status: "qrcode", qrcode: "" }).where(byId(companyId, id));
      return { view: { ...checked, status: "qrcode" as const, qrcode: "" }, reset: true };
    });
    this.invalidate();
    await this.bus.emit("connections.whatsapp.updated", { companyId, whatsappId: id });
    if (reset) await this.bus.emit("connections.session.reset", { companyId, whatsappId: id });
    this.events.updated(companyId, view);
    return view;
  }

  async remove(companyId: number, id: number): Promise<ConnectionRow> {
    const removed = await this.db.transaction(async (tx) => {
      const current = await this.get(companyId, id, tx);
      if (current.isDefault) {
        const [others] = await tx
          .select({ n: count() })
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, companyId), ne(whatsapps.id, id)));
        if ((others?.n ?? 0) > 0) throw new AppError("ERR_NO_OTHER_WHATSAPP");
      }
      // Users whose default it was lose it with it (user_default_connections cascades).
      await tx.delete(whatsapps).where(byId(companyId, id));
      return current;
    });
    this.invalidate();
    this.events.deleted(companyId, id);
    await this.bus.emit("connections.whatsapp.deleted", { companyId, whatsappId: id });
    return removed;
  }

  /** A new token; the old one stops working at once. */
  async regenerateToken(companyId: number, id: number): Promise<ConnectionView> {
    await this.get(companyId, id);
    this.invalidate();
    await this.db.update(whatsapps).set({ token: newToken(), updatedAt: new Date().toISOString() }).where(byId(companyId, id));
    this.invalidate();
    return this.announce(companyId, id);
  }

  /** Sets (or clears, with null) the greeting media's public URL; returns the previous one. */
  async setGreetingMedia(companyId: number, id: number, url: string | null): Promise<{ view: ConnectionView; previous: string | null }> {
    const current = await this.get(companyId, id);
    await this.db.update(whatsapps).set({ greetingMediaAttachment: url, updatedAt: new Date().toISOString() }).where(byId(companyId, id));
    this.invalidate();
    return { view: await this.announce(companyId, id), previous: current.greetingMediaAttachment };
  }

  /** Session progress from the channel layer (status, QR code, number, retries). */
  async setStatus(companyId: number, id: number, patch: StatusPatch): Promise<void> {
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const done = await this.db
      .update(whatsapps)
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where(byId(companyId, id))
      .returning({ id: whatsapps.id });
    this.invalidate();
    if (!done.length) throw notFound();
    await this.announce(companyId, id);
  }

  private async announce(companyId: number, id: number): Promise<ConnectionView> {
    const view = await this.show(companyId, id);
    this.events.updated(companyId, view);
    return view;
  }

  /** Reads the saved connection and applies the form's cross-field rules; throwing rolls the write back. */
  private async checked(tx: DbOrTx, companyId: number, id: number, npsEnabled: boolean): Promise<ConnectionView> {
    const view = await this.show(companyId, id, tx);
    const fields = formErrors(view, { npsEnabled });
    if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", { fields });
    if (view.queues.length > 1 && !view.greetingMessage.trim()) throw new AppError("ERR_WAPP_GREETING_REQUIRED");
    return view;
  }

  private ensureQueues(tx: DbOrTx, companyId: number, ids: { queueIds?: number[]; sendIdQueue?: number | null; queueIdImportMessages?: number | null }) {
    const named: Record<string, number[]> = {};
    if (ids.queueIds?.length) named.queueIds = ids.queueIds;
    if (ids.sendIdQueue) named.sendIdQueue = [ids.sendIdQueue];
    if (ids.queueIdImportMessages) named.queueIdImportMessages = [ids.queueIdImportMessages];
    return ensureCompanyQueues(tx, companyId, named);
  }

  /**
   * The server posts to webhookUrl (the API channel's webhooks), so it is checked against
   * the outbound guard when saved (and again by the poster on every delivery).
   */
  private async checkWebhookUrl(url: string | undefined): Promise<void> {
    if (url) await this.outbound.check(url, "webhookUrl");
  }

  /**
   * The integration, prompt and flows a connection names must exist in the company, each of a
   * kind some installed plugin registered. On an update only a changed id is asked (one stored
   * before does not block editing the rest).
   */
  private async checkReferences(companyId: number, fields: Partial<Record<keyof typeof CONNECTION_REFERENCES, number | null>>, stored?: ConnectionRow): Promise<void> {
    const errors = await referenceErrors(this.referenceExists, companyId, fields, stored);
    if (Object.keys(errors).length) throw new AppError("ERR_VALIDATION", { fields: errors });
  }

  /** NPS rules apply while the company's userRating setting is enabled. */
  private async npsEnabled(companyId: number): Promise<boolean> {
    return (await this.settings.companyOne(companyId, "userRating")) === "enabled";
  }

  private async withQueues(tx: DbOrTx, rows: ConnectionRow[]): Promise<ConnectionView[]> {
    const queues = await queuesOf(
      tx,
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const list = queues.get(r.id) ?? [];
      return { ...r, queues: list, queueIds: list.map((q) => q.id) };
    });
  }
}
