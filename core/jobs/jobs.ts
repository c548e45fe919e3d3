import { Cron } from "croner";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/database.ts";
import { jobs } from "../db/tables.ts";
import type { Logger } from "../log.ts";
import type { SyncDb, WriteBatcher, WriteUnit } from "../db/write-batch.ts";
import { nowIso } from "../db/columns.ts";
import { preparedPer } from "../db/prepared.ts";

export interface JobContext<P> {
  id: number;
  kind: string;
  companyId: number | null;
  payload: P;
  attempt: number;
}
export type JobHandler<P = unknown> = (job: JobContext<P>) => Promise<void>;

export interface JobKindOptions<P> {
  /**
   * Lets jobs of this kind run alongside the other jobs claimed with them: those whose
   * payloads name the same lane run one after another, in the order they were enqueued;
   * different lanes at once. Without it a kind's jobs run one at a time, in order, with
   * every other kind that has none (deliveries keep their messages' order). For handlers
   * that already bear concurrency (another node may run a job of the same lane anyway)
   * and gain from it: their write units then share the write batcher's commits.
   * @example ctx.jobs.define("step", handler, { lane: (p) => `ticket:${p.ticketId}` });
   */
  lane?: (payload: P) => string;
}

export interface EnqueueOptions {
  /** When to run (default now). */
  dueAt?: Date | number;
  companyId?: number;
  /** Enqueueing the same key twice keeps the first row (idempotent producers). */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Write inside the caller's transaction: the outbox pattern. */
  tx?: DbOrTx;
}

const LEASE_MS = 60_000;

/** The row `enqueue` writes. */
function jobRow(kind: string, payload: unknown, options: Omit<EnqueueOptions, "tx">) {
  return {
    kind,
    payload: JSON.stringify(payload ?? {}),
    dueAt: options.dueAt instanceof Date ? options.dueAt.getTime() : (options.dueAt ?? Date.now()),
    companyId: options.companyId ?? null,
    dedupeKey: options.dedupeKey ?? null,
    maxAttempts: options.maxAttempts ?? 8,
  };
}

const p = sql.placeholder;
/** A new job row, every column a placeholder (the in-unit and the standalone insert share it). */
const newJob = {
  kind: p("kind"),
  payload: p("payload"),
  dueAt: p("dueAt"),
  companyId: p("companyId"),
  dedupeKey: p("dedupeKey"),
  maxAttempts: p("maxAttempts"),
  createdAt: p("createdAt"),
  updatedAt: p("updatedAt"),
};
/**
 * The write units' insert (the inbound hot path enqueues one per message the bot may
 * answer, and `enqueue` without a transaction is a unit of its own): building it with
 * Drizzle on every call cost several times what SQLite takes to run it, inside the batch
 * that holds the writer. Timestamps are placeholders: a prepared statement would freeze
 * their JS-side defaults.
 */
const insertJobIn = preparedPer((db: SyncDb) => db.insert(jobs).values(newJob).onConflictDoNothing().prepare());

/**
 * The rows a claim takes: due pending jobs and running jobs whose lease lapsed (their runner
 * died), oldest due first. Each kind is its own ordered range of `jobs_due_idx` (status,
 * due_at, then the rowid), read up to `limit` rows and merged: one `OR` over both made SQLite
 * read every due row and sort them all, which under a backlog of 20,000 replies cost 2 ms
 * per claim while holding the writer.
 */
export const CLAIMABLE_JOBS = sql`(
  SELECT id FROM (
    SELECT id, due_at FROM (SELECT id, due_at FROM jobs WHERE status = 'pending' AND due_at <= ${p("now")} ORDER BY due_at, id LIMIT ${p("limit")})
    UNION ALL
    SELECT id, due_at FROM (SELECT id, due_at FROM jobs WHERE status = 'running' AND lease_until < ${p("now")} ORDER BY due_at, id LIMIT ${p("limit")})
  ) ORDER BY due_at, id LIMIT ${p("limit")}
)`;

/**
 * The runner's own statements, built once per write-batcher handle: every job costs a claim
 * (shared by up to `limit` jobs) and an outcome write. They run as write units, so the
 * outcomes of jobs finishing together, the enqueues of producers and the inbound messages
 * share commits instead of paying one each (a commit cost more than these statements).
 */
const runnerStatements = preparedPer((db: SyncDb) => {
  const mine = and(eq(jobs.id, p("id")), eq(jobs.leaseOwner, p("owner")));
  return {
    claim: db
      .update(jobs)
      .set({ status: "running", leaseUntil: sql`${p("leaseUntil")}`, leaseOwner: sql`${p("owner")}`, attempts: sql`${jobs.attempts} + 1`, updatedAt: sql`${p("at")}` })
      .where(inArray(jobs.id, CLAIMABLE_JOBS))
      .returning({ id: jobs.id, kind: jobs.kind, companyId: jobs.companyId, payload: jobs.payload, attempts: jobs.attempts, maxAttempts: jobs.maxAttempts })
      .prepare(),
    done: db
      .update(jobs)
      .set({ status: "done", leaseUntil: null, lastError: null, updatedAt: sql`${p("now")}` })
      .where(mine)
      .prepare(),
    failed: db
      .update(jobs)
      .set({ status: sql`${p("status")}`, dueAt: sql`${p("dueAt")}`, leaseUntil: null, lastError: sql`${p("error")}`, updatedAt: sql`${p("now")}` })
      .where(mine)
      .prepare(),
  };
});

interface ClaimedRow {
  id: number;
  kind: string;
  companyId: number | null;
  payload: string;
  attempts: number;
  maxAttempts: number;
}

/** A claimed row with its payload read once: the lane and the handler both need it. A payload that does not parse fails the job when it runs. */
interface ClaimedJob {
  row: ClaimedRow;
  read: { payload: unknown } | { error: unknown };
}

function claimedJob(row: ClaimedRow): ClaimedJob {
  try {
    return { row, read: { payload: JSON.parse(row.payload) } };
  } catch (error) {
    return { row, read: { error } };
  }
}

/**
 * The kind stored for a plugin's job (habit 1: the plugin id names its jobs).
 * @example
 *   qualifiedKind("tickets", "deliver") // "tickets.deliver"
 */
export const qualifiedKind = (pluginId: string, kind: string): string => `${pluginId}.${kind}`;

/**
 * What a plugin receives as `ctx.jobs`: the kernel prefixes every kind and schedule name
 * with the plugin id, so two plugins never share a kind and a row says whose it is.
 * @example
 *   ctx.jobs.define("deliver", handler); // runs rows of kind "tickets.deliver"
 *   await ctx.jobs.enqueue("deliver", { messageId }, { tx });
 */
export interface PluginJobs {
  define<P>(kind: string, handler: JobHandler<P>, options?: JobKindOptions<P>): void;
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /**
   * `enqueue` on a write unit's synchronous handle (the write batcher, `ctx.writes`): the
   * outbox for the hot inbound path, whose units cannot await. Written when called.
   * @example
   *   ctx.jobs.enqueueSync(unit.db, "step", { messageId }, { companyId, dedupeKey: `step:${messageId}` });
   */
  enqueueSync(db: SyncDb, kind: string, payload: unknown, options?: Omit<EnqueueOptions, "tx">): void;
  schedule(name: string, pattern: string, fn: () => Promise<void> | void): void;
}

/**
 * Durable jobs and schedules.
 * - `enqueue` writes a row with a due time (in the caller's transaction when given);
 *   a poller claims due rows with a lease, so a crash mid-job lets another poll retry
 *   it once the lease lapses, and two nodes never run one row at the same time.
 *   Failures retry with exponential backoff and jitter, up to maxAttempts.
 * - `schedule` runs a croner pattern with overlap protection and caught errors.
 * @example
 *   jobs.define("mail.send", async ({ payload }) => mailer.send(payload));
 *   await jobs.enqueue("mail.send", { to, subject, text }, { tx });
 */
export class Jobs {
  private handlers = new Map<string, JobHandler>();
  /** The lane of each kind that may run alongside others (JobKindOptions.lane). */
  private lanes = new Map<string, (payload: unknown) => string>();
  private crons: Cron[] = [];
  private cronSpecs: { name: string; pattern: string; fn: () => Promise<void> | void }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private readonly owner = crypto.randomUUID();

  constructor(
    /** The runner's writes and standalone enqueues go through the write batcher (group commit). */
    private writes: WriteBatcher,
    private log: Logger,
    private pollMs: number,
  ) {}

  /** The view handed to plugin `pluginId`; a kind already carrying the prefix is refused (it would be doubled). */
  forPlugin(pluginId: string): PluginJobs {
    const qualify = (kind: string) => {
      if (kind.startsWith(`${pluginId}.`)) throw new Error(`Job "${kind}" of plugin "${pluginId}": the kernel adds the plugin id, write "${kind.slice(pluginId.length + 1)}"`);
      return qualifiedKind(pluginId, kind);
    };
    return {
      define: (kind, handler, options) => this.define(qualify(kind), handler, options),
      enqueue: (kind, payload, options) => this.enqueue(qualify(kind), payload, options),
      enqueueSync: (db, kind, payload, options) => this.enqueueSync(db, qualify(kind), payload, options),
      schedule: (name, pattern, fn) => this.schedule(qualify(name), pattern, fn),
    };
  }

  define<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions<P> = {}): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind "${kind}" is defined twice`);
    if (options.lane) this.lanes.set(kind, options.lane as (payload: unknown) => string);
    this.handlers.set(kind, handler as JobHandler);
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    if (!options.tx) {
      await this.writes.run(({ db }) => this.enqueueSync(db, kind, payload, options));
      return;
    }
    await options.tx
      .insert(jobs)
      .values(jobRow(kind, payload, options))
      .onConflictDoNothing();
  }

  /** `enqueue` on a write unit's synchronous handle (see `PluginJobs.enqueueSync`), with a statement prepared once per handle. */
  enqueueSync(db: SyncDb, kind: string, payload: unknown, options: Omit<EnqueueOptions, "tx"> = {}): void {
    const now = nowIso();
    insertJobIn(db).run({ ...jobRow(kind, payload, options), createdAt: now, updatedAt: now });
  }

  /** Registers a recurring task (croner pattern), started with the server. */
  schedule(name: string, pattern: string, fn: () => Promise<void> | void): void {
    // No croner `name`: croner keeps names in one process-wide registry, so two kernels
    // in a process (tests, or a host embedding two) would collide. The name is for logs.
    // Built in start(): a Cron computes its next run when created, which the boot's first answer need not wait for.
    this.cronSpecs.push({ name, pattern, fn });
  }

  /** Claims and runs the due jobs once; returns how many ran. Tests call this directly. */
  async runDue(limit = 20): Promise<number> {
    const now = Date.now();
    const at = nowIso();
    const claimed = await this.writes.run(({ db }) => runnerStatements(db).claim.all({ leaseUntil: now + LEASE_MS, owner: this.owner, now, limit, at }) as ClaimedRow[]);
    // One lane for every kind without its own: those run one at a time, as claimed.
    const lanes = new Map<string, ClaimedJob[]>();
    for (const job of claimed.map(claimedJob)) {
      const key = this.laneOf(job);
      const lane = lanes.get(key);
      if (lane) lane.push(job);
      else lanes.set(key, [job]);
    }
    // Every lane ends, and every outcome is written, before the next claim: a job still running
    // (or not yet marked done) must not be claimed again by the next poll.
    const written: Promise<void>[] = [];
    const outcomes = await Promise.allSettled(
      [...lanes.values()].map(async (laneJobs) => {
        for (const job of laneJobs) written.push((await this.runOne(job)).outcomeWritten);
      }),
    );
    await Promise.all(written);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    if (failed) throw failed.reason;
    return claimed.length;
  }

  /** "" (the shared, ordered lane) unless the kind names lanes and its payload reads. */
  private laneOf({ row, read }: ClaimedJob): string {
    const lane = this.lanes.get(row.kind);
    if (!lane || "error" in read) return "";
    try {
      return `${row.kind}\u0000${lane(read.payload)}`;
    } catch {
      return "";
    }
  }

  /**
   * Runs one job and returns the write of its outcome without waiting for it: the lane goes on
   * to its next job meanwhile (its order is the handlers', not the outcome rows'), and the
   * outcomes of jobs finishing together share a commit. `runDue` waits for every outcome
   * before it returns. An outcome that cannot be written leaves the job leased: it runs again
   * once the lease lapses, as after a crash.
   */
  private async runOne({ row, read }: ClaimedJob): Promise<{ outcomeWritten: Promise<void> }> {
    const mine = { id: row.id, owner: this.owner };
    const handler = this.handlers.get(row.kind);
    let outcome: (unit: WriteUnit) => void;
    try {
      if (!handler) throw new Error(`no handler for job kind "${row.kind}"`);
      if ("error" in read) throw read.error;
      await handler({ id: row.id, kind: row.kind, companyId: row.companyId, payload: read.payload, attempt: row.attempts });
      const done = { ...mine, now: nowIso() };
      outcome = ({ db }) => void runnerStatements(db).done.run(done);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= row.maxAttempts;
      const backoff = Math.min(3_600_000, 2 ** row.attempts * 5_000) * (0.75 + Math.random() * 0.5);
      const failed = { ...mine, now: nowIso(), status: giveUp ? "failed" : "pending", dueAt: Date.now() + backoff, error: message };
      outcome = ({ db }) => void runnerStatements(db).failed.run(failed);
      this.log.warn(`job ${row.kind}#${row.id} attempt ${row.attempts} failed${giveUp ? " (giving up)" : ""}: ${message}`);
    }
    const outcomeWritten = this.writes
      .run(outcome)
      .catch((err) => this.log.error(`job ${row.kind}#${row.id}: its outcome was not stored (it runs again once its lease lapses)`, err));
    return { outcomeWritten };
  }

  start(): void {
    for (const { name, pattern, fn } of this.cronSpecs.splice(0))
      this.crons.push(new Cron(pattern, { protect: true, catch: (err) => this.log.error(`schedule ${name} failed`, err) }, fn));
    if (this.pollMs <= 0) return;
    const tick = async () => {
      if (this.running) return;
      this.running = true;
      try {
        while ((await this.runDue()) > 0) {}
      } catch (err) {
        this.log.error("job poll failed", err);
      } finally {
        this.running = false;
        if (this.timer !== null) this.timer = setTimeout(tick, this.pollMs);
      }
    };
    this.timer = setTimeout(tick, this.pollMs);
  }

  stop(): void {
    for (const c of this.crons) c.stop();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
