import { and, desc, eq, lte, sql } from "drizzle-orm";
import { nowIso } from "../../../core/db/columns.ts";
import { preparedPer } from "../../../core/db/prepared.ts";
import type { Db } from "../../../core/db/database.ts";
import type { SyncDb, WriteBatcher } from "../../../core/db/write-batch.ts";
import { AppError } from "../../../core/errors.ts";
import { type PluginJobs, qualifiedKind } from "../../../core/jobs/jobs.ts";
import type { Logger } from "../../../core/log.ts";
import type { OutboundGuard } from "../../../core/net/outbound-guard.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import { apiWebhookDeliveries } from "../schema/tables.ts";
import { postSigned, type PostOutcome } from "./webhook-signer.ts";

export type DeliveryRow = typeof apiWebhookDeliveries.$inferSelect;

/** Every webhook body names its event: `{ event: "message.created", ... }`. */
export type WebhookPayload = { event: string } & Record<string, unknown>;

/** The durable job that posts one webhook; failures retry with the jobs outbox's backoff. */
export const WEBHOOK_JOB = "webhook";
/** The kind as stored ("api-channel.webhook"); it also starts the outbox's dedupe keys. */
export const WEBHOOK_KIND = qualifiedKind("api-channel", WEBHOOK_JOB);
export interface WebhookJob {
  whatsappId: number;
  /** Names one logical delivery across attempts (the log's attempt counter, the receiver's de-duplication header). */
  key: string;
  payload: WebhookPayload;
}

export const DELIVERIES_PAGE_SIZE = 20;
/** Rows kept per connection: the log is for diagnosis, not an archive. */
export const DELIVERIES_KEPT = 1000;
/**
 * A connection's log is trimmed back to `keep` rows once every this many attempts: the trim
 * walks `keep` index entries, which cost more than the insert when done on each one. The
 * rows beyond `keep` meanwhile are never listed.
 */
export const DELIVERIES_TRIM_EVERY = 16;

/** Thrown when an attempt did not get a 2xx answer, so the job or driver is retried. */
export class WebhookFailed extends Error {
  constructor(readonly outcome: PostOutcome) {
    super(outcome.error ?? `HTTP ${outcome.statusCode}`);
    this.name = "WebhookFailed";
  }
}

/**
 * Posts webhooks of API connections and keeps their delivery log: one row per attempt,
 * the latest `keep` per connection; lists the log for admins and re-sends a logged payload.
 */
export class Deliveries {
  constructor(
    private db: Db,
    /** The log's writes: one unit per attempt, sharing commits with the other hot writes. */
    private writes: WriteBatcher,
    private jobs: PluginJobs,
    private services: Services,
    /** The kernel's SSRF guard: every post goes through it (ctx.outbound). */
    private outbound: Pick<OutboundGuard, "fetch">,
    /** Where a log row that could not be written is reported. */
    private log: Pick<Logger, "warn">,
    private options: { keep?: number; trimEvery?: number; timeoutMs?: number } = {},
  ) {}

  /**
   * One attempt: signs with the connection token, posts, logs; throws WebhookFailed unless 2xx.
   * The log row is queued, not awaited: it commits with the caller's next write (the job's
   * outcome, the message's "sent" mark) instead of in a commit of its own, which was a fifth
   * of the automated inbound's commits. The write batcher runs units in order, so the row is
   * stored no later than anything the caller writes after this attempt; a row that cannot be
   * written is reported, and does not fail a delivery the receiver already has.
   */
  async send(connection: ConnectionRow, payload: WebhookPayload, key: string): Promise<void> {
    const body = JSON.stringify(payload);
    const outcome = await postSigned(connection.webhookUrl, connection.token, payload.event, key, body, { timeoutMs: this.options.timeoutMs, outbound: this.outbound });
    const logged = this.record({
      companyId: connection.companyId,
      whatsappId: connection.id,
      event: payload.event,
      url: connection.webhookUrl,
      statusCode: outcome.statusCode,
      ok: outcome.ok,
      error: outcome.error,
      durationMs: outcome.durationMs,
      key,
      payload: body,
    });
    logged.catch((err: unknown) => this.log.warn(`webhook ${key}: the delivery log row was not written`, { error: err instanceof Error ? err.message : String(err) }));
    if (!outcome.ok) throw new WebhookFailed(outcome);
  }

  /** Queues a webhook in the durable outbox (`dedupeKey` makes repeated producers harmless). */
  enqueue(companyId: number, job: WebhookJob, dedupeKey?: string): Promise<void> {
    return this.jobs.enqueue(WEBHOOK_JOB, job, { companyId, dedupeKey });
  }

  async page(companyId: number, whatsappId: number, pageNumber: number) {
    await this.connectionOf(companyId, whatsappId);
    // The newest `keep` rows only: a few older ones may wait for the next trim.
    const keep = this.options.keep ?? DELIVERIES_KEPT;
    const offset = (pageNumber - 1) * DELIVERIES_PAGE_SIZE;
    const shown = Math.min(DELIVERIES_PAGE_SIZE, keep - offset);
    if (shown <= 0) return { records: [], hasMore: false };
    const rows = await this.db
      .select()
      .from(apiWebhookDeliveries)
      .where(and(eq(apiWebhookDeliveries.companyId, companyId), eq(apiWebhookDeliveries.whatsappId, whatsappId)))
      .orderBy(desc(apiWebhookDeliveries.id))
      .limit(shown + 1)
      .offset(offset);
    return { records: rows.slice(0, shown).map(view), hasMore: rows.length > shown && offset + shown < keep };
  }

  /** Sends a logged payload again, through the outbox (a new log row per attempt). */
  async retry(companyId: number, id: number): Promise<void> {
    const [row] = await this.db
      .select()
      .from(apiWebhookDeliveries)
      .where(and(eq(apiWebhookDeliveries.id, id), eq(apiWebhookDeliveries.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    await this.connectionOf(companyId, row.whatsappId);
    // No dedupe key: a manual retry is a deliberate new attempt.
    await this.enqueue(companyId, { whatsappId: row.whatsappId, key: row.key, payload: JSON.parse(row.payload) as WebhookPayload });
  }

  /** The company's API connection, else ERR_NO_WAPP_FOUND (another company's id included). */
  async connectionOf(companyId: number, whatsappId: number): Promise<ConnectionRow> {
    const connection = await this.services.require("connections.get")(companyId, whatsappId);
    if (connection?.channel !== "api") throw new AppError("ERR_NO_WAPP_FOUND");
    return connection;
  }

  /**
   * Inserts one attempt (numbered after the attempts logged for its key, unless given) and,
   * every `trimEvery` attempts of its connection, drops what falls beyond the newest `keep`
   * rows. Both statements are prepared once and run as one write unit: every webhook writes
   * them, and a commit of their own cost more than the statements.
   */
  async record(row: Omit<typeof apiWebhookDeliveries.$inferInsert, "id" | "createdAt">): Promise<void> {
    const values = { ...row, statusCode: row.statusCode ?? null, ok: row.ok ?? false, error: row.error ?? null, durationMs: row.durationMs ?? 0, createdAt: nowIso() };
    const since = (this.sinceTrim.get(row.whatsappId) ?? 0) + 1;
    const trim = since >= (this.options.trimEvery ?? DELIVERIES_TRIM_EVERY);
    this.sinceTrim.set(row.whatsappId, trim ? 0 : since);
    await this.writes.run(({ db }) => {
      const s = logStatements(db);
      if (row.attempt === undefined) s.insertNext.run(values);
      else s.insert.run({ ...values, attempt: row.attempt });
      if (trim) s.trim.run({ companyId: row.companyId, whatsappId: row.whatsappId, keep: this.options.keep ?? DELIVERIES_KEPT });
    });
  }

  /** Attempts logged per connection since its last trim (this process). */
  private readonly sinceTrim = new Map<number, number>();
}

const p = sql.placeholder;
const logStatements = preparedPer((db: SyncDb) => {
  const t = apiWebhookDeliveries;
  const columns = {
    companyId: p("companyId"),
    whatsappId: p("whatsappId"),
    event: p("event"),
    url: p("url"),
    statusCode: p("statusCode"),
    ok: p("ok"),
    error: p("error"),
    durationMs: p("durationMs"),
    key: p("key"),
    payload: p("payload"),
    createdAt: p("createdAt"),
  };
  return {
    insert: db
      .insert(t)
      .values({ ...columns, attempt: p("attempt") })
      .prepare(),
    /** The attempt's number is the attempts of its key so far, plus one (the index on whatsapp_id, key). */
    insertNext: db
      .insert(t)
      .values({ ...columns, attempt: sql`(SELECT count(*) FROM ${t} WHERE ${t.whatsappId} = ${p("whatsappId")} AND ${t.key} = ${p("key")}) + 1` })
      .prepare(),
    trim: db
      .delete(t)
      .where(
        and(
          eq(t.companyId, p("companyId")),
          eq(t.whatsappId, p("whatsappId")),
          lte(
            t.id,
            db
              .select({ id: t.id })
              .from(t)
              .where(and(eq(t.companyId, p("companyId")), eq(t.whatsappId, p("whatsappId"))))
              .orderBy(desc(t.id))
              .limit(1)
              .offset(p("keep")),
          ),
        ),
      )
      .prepare(),
  };
});

/** The log row as the API shows it: the payload stays on the server. */
function view(row: DeliveryRow) {
  const { companyId: _company, key: _key, payload: _payload, ...rest } = row;
  return rest;
}
