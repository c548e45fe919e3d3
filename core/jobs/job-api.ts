import type { DbOrTx } from "../db/database.ts";
import type { SyncDb } from "../db/write-batch.ts";
import type { Pacing } from "./job-pacing.ts";

/**
 * What plugins program against (`ctx.jobs`): the contract of durable jobs. The runner that
 * honours it is `Jobs` (jobs.ts), which re-exports all of this.
 */

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
   * Splits the kind into lanes. Every kind is a lane of its own: its jobs run one at a time,
   * in the order they were enqueued, beside every other kind's. With `lane`, jobs whose
   * payloads name the same lane run one after another, in order, and different lanes at once.
   * For handlers that bear concurrency (another process may run a job of the same lane
   * anyway, unless `affinity` pins them) and gain from it: their write units then share the
   * write batcher's commits. Read once, at enqueue (the row stores it).
   * @example ctx.jobs.define("step", handler, { lane: (p) => `ticket:${p.ticketId}` });
   */
  lane?: (payload: P) => string;
  /**
   * Paces the job's lane: starts at least `minGapMs` apart (plus up to `jitterMs` at random),
   * across restarts and every process on the database (the lane's next start is a row of
   * `job_lanes`). Read when the job is claimed; null leaves that job unpaced. A job that must
   * wait goes back to the table due at its slot, holding it, so later jobs keep their order.
   * @example ctx.jobs.define("ship", handler, { lane: (p) => `connection:${p.connectionId}`, pace: (p) => ({ minGapMs: p.gapMs, jitterMs: 2_000 }) });
   */
  pace?: (payload: P) => Pacing | null;
  /**
   * The process-held resource a job needs (`whatsapp:12`), or null for none. Only a process
   * that declared it holds that key (`hold`) claims the job; read once, at enqueue (the row
   * stores it). When the holder dies and another process takes the resource (and calls
   * `hold`), that process runs the jobs.
   * @example ctx.jobs.define("deliver", handler, { affinity: (p) => `whatsapp:${p.connectionId}` });
   */
  affinity?: (payload: P) => string | null;
}

export interface EnqueueOptions {
  /** When to run (default now). */
  dueAt?: Date | number;
  companyId?: number;
  /**
   * Enqueueing the same key twice keeps the first row (idempotent producers), for as long as
   * that row is kept: finished rows are swept after the retention (`JOBS_RETENTION_HOURS`).
   */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Write inside the caller's transaction: the outbox pattern. */
  tx?: DbOrTx;
}

/**
 * The kind stored for a plugin's job (habit 1: the plugin id names its jobs).
 * @example
 *   qualifiedKind("tickets", "deliver") // "tickets.deliver"
 */
export const qualifiedKind = (pluginId: string, kind: string): string => `${pluginId}.${kind}`;

/**
 * What a plugin receives as `ctx.jobs`: durable jobs, run by whichever process claims them.
 * The kernel prefixes every kind and schedule name with the plugin id, so two plugins never
 * share a kind and a row says whose it is. How they run (README, "Jobs and several processes"):
 * - **Lanes**: each kind is a lane: its jobs run one at a time in enqueue order, beside every
 *   other kind's; `lane(payload)` splits a kind into lanes (per ticket, per connection). A
 *   lane busy in a process is skipped by its next claims, so a slow job holds only its lane.
 * - **Pacing**: `pace(payload)` keeps the lane's starts `minGapMs` (+ jitter) apart, durably.
 * - **Leases**: a claimed job is leased and the lease renewed while it runs, so a handler
 *   longer than the lease never runs twice; a process that dies lets its jobs go when the
 *   lease lapses, and another process runs them (attempts count; handlers stay idempotent).
 * - **Affinity**: `affinity(payload)` pins a job to the process that `hold`s the key.
 * - **Failures** retry with exponential backoff and jitter up to `maxAttempts` (default 8),
 *   then stay `failed` for review; finished rows are swept after the retention.
 * @example
 *   ctx.jobs.define("deliver", handler, { lane: (p) => `connection:${p.connectionId}` }); // runs rows of kind "tickets.deliver"
 *   await ctx.jobs.enqueue("deliver", { messageId, connectionId }, { tx });
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
  /**
   * A recurring task (croner pattern, seconds optional) that runs once per tick across every
   * process: each process's timer enqueues the tick's job (deduplicated by name and tick
   * time), one process runs it. A tick that fails is logged and not retried (the next tick
   * comes); a backlog of ticks runs once. The name is also the job kind of its ticks.
   * @example ctx.jobs.schedule("sweep", "17 * * * *", () => imports.sweep());
   */
  schedule(name: string, pattern: string, fn: () => Promise<void> | void): void;
  /**
   * Declares that this process holds a resource (a WhatsApp session): jobs whose `affinity`
   * is `key` are claimed here, and only here while the hold lasts. Not a lock: the plugin
   * makes sure one process holds a key at a time (the WhatsApp session lease).
   * @example ctx.jobs.hold(`whatsapp:${connectionId}`);
   */
  hold(key: string): void;
  /** Lets the resource go: its jobs waiting here go back to the table for the next holder. */
  release(key: string): void;
}
