import { setImmediate } from "node:timers";
import { sql } from "drizzle-orm";
import { nowIso } from "../db/columns.ts";
import { preparedPer } from "../db/prepared.ts";
import { jobs } from "../db/tables.ts";
import type { SyncDb, WriteBatcher, WriteUnit } from "../db/write-batch.ts";
import type { Logger } from "../log.ts";
import { type EnqueueOptions, type JobHandler, type JobKindOptions, type PluginJobs, qualifiedKind } from "./job-api.ts";
import { CronTicks } from "./job-cron.ts";
import { type Pacing, paceClaimed } from "./job-pacing.ts";
import { type ClaimedRow, runnerStatements } from "./job-statements.ts";
import { type JobRetention, sweepJobs } from "./job-sweep.ts";
import { type ClaimedJob, claimedJob } from "./job-types.ts";

export { CLAIMABLE_JOBS } from "./job-statements.ts";
export type { Pacing } from "./job-pacing.ts";
export { type EnqueueOptions, type JobContext, type JobHandler, type JobKindOptions, type PluginJobs, qualifiedKind } from "./job-api.ts";

/** How the runner is tuned (config: `JOBS_POLL_MS`, `JOBS_LEASE_MS`, the retentions). */
export interface JobsOptions {
  /** How often due jobs are looked for; 0 polls never (tests call `runDue`). */
  pollMs: number;
  /** A claim's lease; renewed every third of it while the job is held here. */
  leaseMs?: number;
  retention?: JobRetention;
}

interface KindSpec {
  handler: JobHandler;
  options: JobKindOptions<unknown>;
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
  lane: p("lane"),
  affinity: p("affinity"),
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

/** Claimed and unfinished jobs one process keeps at most (running, or waiting in their lane). */
const MAX_HELD = 64;
const CLAIM_LIMIT = 20;
/** How many of its next rows a lane takes at once when its last job here ran (`followersOf`). */
const LANE_BATCH = 16;
/**
 * A finished job wakes the claimer at once only when this few are held: claims then take rows
 * in batches (one claim per few jobs) instead of one per finished job, each of which reads past
 * the rows of the lanes busy here. With up to `SOON_WATER` held (long jobs elsewhere: a slow
 * webhook, a connection's deliveries) it claims `CLAIM_SPACING_MS` after the previous claim at
 * the latest, so new work waits milliseconds for them, not the poll. Otherwise the poll claims.
 */
const LOW_WATER = 3;
const SOON_WATER = CLAIM_LIMIT / 2;
const CLAIM_SPACING_MS = 20;
const DEFAULT_LEASE_MS = 60_000;
/** The kernel's own schedule: finished rows are swept every 5 minutes (bounded batches). */
const SWEEP_PATTERN = "*/5 * * * *";

/** A job waiting in (or running at the head of) its lane here; `done` once its outcome is stored. */
interface Queued {
  job: ClaimedJob;
  done: () => void;
}

/**
 * Durable jobs and schedules.
 * - `enqueue` writes a row with a due time (in the caller's transaction when given), its
 *   lane and its affinity; claims lease due rows, and the lease is renewed while the job is
 *   held here, so a crash lets another process retry it once the lease lapses, and two
 *   processes never run one row at the same time.
 * - Claimed jobs run in their lanes; claims go on while long jobs run (up to `MAX_HELD` held).
 * - `schedule` ticks are jobs (job-cron.ts); finished rows are swept (job-sweep.ts).
 * @example
 *   jobs.define("mail.send", async ({ payload }) => mailer.send(payload));
 *   await jobs.enqueue("mail.send", { to, subject, text }, { tx });
 */
export class Jobs {
  private kinds = new Map<string, KindSpec>();
  private crons: CronTicks;
  /** Lanes with jobs here (running or waiting), in order. Their keys are the claims' `busy`. */
  private lanes = new Map<string, Queued[]>();
  /** Every claimed, unfinished job here, by id: their leases are renewed. */
  private held = new Map<number, ClaimedJob>();
  /** Resources this process holds (`hold`). */
  private resources = new Set<string>();
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private renewTimer: ReturnType<typeof setInterval> | null = null;
  private claiming = false;
  private pumpQueued = false;
  /** The spaced claim `letGo` asked for (SOON_WATER), and when the last claim began. */
  private soonTimer: ReturnType<typeof setTimeout> | null = null;
  private lastClaimAt = 0;
  private stopped = false;
  /** Told of each handler run here and how it ended (the `atende_jobs_runs_total` metric). */
  private readonly runObservers: ((kind: string, outcome: "done" | "error") => void)[] = [];
  private readonly owner = crypto.randomUUID();
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retention: JobRetention;

  constructor(
    /** The runner's writes and standalone enqueues go through the write batcher (group commit). */
    private writes: WriteBatcher,
    private log: Logger,
    options: JobsOptions | number,
  ) {
    const o = typeof options === "number" ? { pollMs: options } : options;
    this.pollMs = o.pollMs;
    this.leaseMs = o.leaseMs ?? DEFAULT_LEASE_MS;
    this.retention = o.retention ?? { doneHours: 24, failedHours: 720 };
    this.crons = new CronTicks(this, log);
    this.schedule("jobs.sweep", SWEEP_PATTERN, async () => {
      const swept = await this.sweep();
      if (swept) this.log.debug(`swept ${swept} finished job rows`);
    });
  }

  /** Calls `fn` after each handler this process runs, with its kind and whether it threw (metrics). */
  onRun(fn: (kind: string, outcome: "done" | "error") => void): void {
    this.runObservers.push(fn);
  }

  private ran(kind: string, outcome: "done" | "error"): void {
    for (const fn of this.runObservers) fn(kind, outcome);
  }

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
      hold: (key) => this.hold(key),
      release: (key) => this.release(key),
    };
  }

  define<P>(kind: string, handler: JobHandler<P>, options: JobKindOptions<P> = {}): void {
    if (this.kinds.has(kind)) throw new Error(`Job kind "${kind}" is defined twice`);
    this.kinds.set(kind, { handler: handler as JobHandler, options: options as JobKindOptions<unknown> });
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    if (!options.tx) {
      await this.writes.run(({ db }) => this.enqueueSync(db, kind, payload, options));
      return;
    }
    await options.tx
      .insert(jobs)
      .values(this.jobRow(kind, payload, options))
      .onConflictDoNothing();
  }

  /** `enqueue` on a write unit's synchronous handle (see `PluginJobs.enqueueSync`), with a statement prepared once per handle. */
  enqueueSync(db: SyncDb, kind: string, payload: unknown, options: Omit<EnqueueOptions, "tx"> = {}): void {
    const now = nowIso();
    insertJobIn(db).run({ ...this.jobRow(kind, payload, options), createdAt: now, updatedAt: now });
  }

  /** Registers a recurring task (croner pattern) whose ticks run once across processes (see `PluginJobs.schedule`). */
  schedule(name: string, pattern: string, fn: () => Promise<void> | void): void {
    this.crons.add(name, pattern, fn);
  }

  /** Enqueues a schedule's tick as its timer does (tests tick by hand). */
  tick(name: string, at: number): Promise<void> {
    return this.crons.tick(name, at);
  }

  hold(key: string): void {
    if (this.resources.has(key)) return;
    this.resources.add(key);
    this.wake();
  }

  release(key: string): void {
    if (!this.resources.delete(key)) return;
    // Jobs of the resource waiting here (not started: behind each lane's head) go back for the next holder.
    const back: ClaimedJob[] = [];
    for (const queue of this.lanes.values())
      for (let i = queue.length - 1; i >= 1; i--) {
        if (queue[i]!.job.row.affinity !== key) continue;
        const [q] = queue.splice(i, 1);
        back.unshift(q!.job);
        q!.done();
      }
    if (back.length) void this.putBack(back);
  }

  /** Deletes finished rows past their retention (the kernel's `jobs.sweep` schedule runs it). */
  sweep(now = Date.now()): Promise<number> {
    return sweepJobs(this.writes, this.retention, now);
  }

  /**
   * Claims the due jobs once and runs them; resolves when they ran and their outcomes are
   * stored, with how many started (paced jobs sent back to wait for their slot not counted).
   * Tests call this directly.
   */
  async runDue(limit = CLAIM_LIMIT): Promise<number> {
    const started = await this.claim(limit);
    await Promise.all(started.jobs.map((job) => this.dispatch(job)));
    return started.jobs.length;
  }

  start(): void {
    this.crons.start();
    if (this.pollMs <= 0) return;
    this.pollTimer = setInterval(() => void this.pump(), this.pollMs);
    this.wake();
  }

  /**
   * Stops claiming and the timers; jobs waiting in their lanes here go back to the table.
   * Running handlers are not awaited: their outcome is written if the database is still open,
   * else their lease lapses and another process runs them again.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.crons.stop();
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.pollTimer = this.renewTimer = this.soonTimer = null;
    const waiting: ClaimedJob[] = [];
    for (const queue of this.lanes.values()) for (const q of queue.splice(1)) waiting.push(q.job), q.done();
    if (waiting.length) await this.putBack(waiting).catch((err) => this.log.warn("jobs: waiting jobs not given back (they run once their lease lapses)", err));
  }

  /**
   * After `stop` (shutdown): waits up to `graceMs` for the jobs running here to finish and store
   * their outcomes, then gives back those still running, so another process runs them at once
   * instead of once their lease lapses (their attempt is not counted: the handlers are idempotent).
   */
  async settle(graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (this.held.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const left = [...this.held.values()];
    this.held.clear();
    if (left.length) await this.putBack(left).catch((err) => this.log.warn("jobs: running jobs not given back (they run once their lease lapses)", err));
  }

  /** The row `enqueue` writes: the lane and affinity come from the kind's options, read now. */
  private jobRow(kind: string, payload: unknown, options: Omit<EnqueueOptions, "tx">) {
    const spec = this.kinds.get(kind)?.options;
    let lane = kind;
    let affinity: string | null = null;
    if (spec?.lane) lane = `${kind}:${spec.lane(payload)}`;
    if (spec?.affinity) affinity = spec.affinity(payload) ?? null;
    return {
      kind,
      payload: JSON.stringify(payload ?? {}),
      dueAt: options.dueAt instanceof Date ? options.dueAt.getTime() : (options.dueAt ?? Date.now()),
      companyId: options.companyId ?? null,
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 8,
      lane,
      affinity,
    };
  }

  /**
   * One claim: leases up to `limit` claimable rows (none of the lanes busy here, none pinned
   * to a resource not held here) and, in the same write unit, sends paced jobs whose slot is
   * later back to wait for it. Answers the jobs to start and how many rows the claim read.
   */
  private async claim(limit: number): Promise<{ jobs: ClaimedJob[]; rows: number }> {
    const now = Date.now();
    this.lastClaimAt = now;
    const args = {
      leaseUntil: now + this.leaseMs,
      owner: this.owner,
      now,
      limit,
      at: nowIso(),
      busy: JSON.stringify([...this.lanes.keys()]),
      held: JSON.stringify([...this.resources]),
    };
    const claimed = await this.writes.run(({ db }) => {
      const rows = (runnerStatements(db).claim.all(args) as ClaimedRow[]).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
      return { rows: rows.length, jobs: paceClaimed(db, rows.map(claimedJob), (job) => this.pacingOf(job), this.owner, now) };
    });
    for (const job of claimed.jobs) this.held.set(job.row.id, job);
    this.renewing();
    return claimed;
  }

  /** Renews the leases of held jobs every lease/3 while any is held (`renew` stops it when none is). */
  private renewing(): void {
    if (!this.held.size || this.renewTimer) return;
    this.renewTimer = setInterval(() => void this.renew(), Math.max(50, Math.floor(this.leaseMs / 3)));
    unref(this.renewTimer);
  }

  private pacingOf({ row, read }: ClaimedJob): Pacing | null {
    const pace = this.kinds.get(row.kind)?.options.pace;
    if (!pace || "error" in read) return null;
    try {
      return pace(read.payload);
    } catch (err) {
      this.log.warn(`job ${row.kind}#${row.id}: its pacing could not be read, it runs unpaced`, err);
      return null;
    }
  }

  /** Queues a claimed job in its lane; resolves once it ran and its outcome is stored. */
  private dispatch(job: ClaimedJob): Promise<void> {
    return new Promise<void>((done) => {
      const queue = this.lanes.get(job.lane);
      if (queue) queue.push({ job, done });
      else {
        this.lanes.set(job.lane, [{ job, done }]);
        void this.drain(job.lane);
      }
    });
  }

  /** Runs a lane's jobs here one after another; the lane stops being busy when it is empty. */
  private async drain(lane: string): Promise<void> {
    for (let queue = this.lanes.get(lane); queue?.length; queue = this.lanes.get(lane)) {
      const head = queue[0]!;
      const { job } = head;
      // Lost while it waited: another process may run it now.
      if (job.lost || this.stopped) this.letGo(job, head);
      else {
        const { written } = await this.runOne(job);
        job.finished = true;
        void written.then(() => this.letGo(job, head));
      }
      queue.shift();
      if (!queue.length) await this.followersOf(lane, queue);
    }
    this.lanes.delete(lane);
  }

  /**
   * In the background runner, a lane whose last job here ran takes its next due rows itself
   * (one index seek): a long lane (a connection's deliveries, a webhook backlog) then costs one
   * cheap claim per LANE_BATCH jobs instead of a full claim per job, each scanning past the
   * rows of every lane busy here. Not in `runDue` (tests): it claims exactly once.
   */
  private async followersOf(lane: string, queue: Queued[]): Promise<void> {
    if (!this.pollTimer || this.stopped || this.held.size >= MAX_HELD) return;
    const now = Date.now();
    const args = { lane, now, limit: LANE_BATCH, held: JSON.stringify([...this.resources]), leaseUntil: now + this.leaseMs, owner: this.owner, at: nowIso() };
    try {
      const jobs = await this.writes.run(({ db }) => {
        const rows = (runnerStatements(db).claimLane.all(args) as ClaimedRow[]).sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
        return paceClaimed(db, rows.map(claimedJob), (job) => this.pacingOf(job), this.owner, now);
      });
      for (const job of jobs) {
        this.held.set(job.row.id, job);
        queue.push({ job, done: () => {} });
      }
      this.renewing();
    } catch (err) {
      this.log.error(`jobs: lane ${lane} could not take its next jobs (the next claim will)`, err);
    }
  }

  /** The job is no longer held here (its outcome is stored, or it was lost); few held: claim more. */
  private letGo(job: ClaimedJob, queued: Queued): void {
    this.held.delete(job.row.id);
    queued.done();
    if (this.held.size <= LOW_WATER) this.wake();
    else if (this.held.size <= SOON_WATER) this.wakeSoon();
  }

  /**
   * Runs one job and answers the write of its outcome without waiting for it: the lane goes on
   * to its next job meanwhile (its order is the handlers', not the outcome rows'), and the
   * outcomes of jobs finishing together share a commit. An outcome that cannot be written
   * leaves the job leased: it runs again once the lease lapses, as after a crash.
   */
  private async runOne({ row, read }: ClaimedJob): Promise<{ written: Promise<void> }> {
    const mine = { id: row.id, owner: this.owner };
    const handler = this.kinds.get(row.kind)?.handler;
    let outcome: (unit: WriteUnit) => void;
    try {
      if (!handler) throw new Error(`no handler for job kind "${row.kind}"`);
      if ("error" in read) throw read.error;
      await handler({ id: row.id, kind: row.kind, companyId: row.companyId, payload: read.payload, attempt: row.attempts });
      this.ran(row.kind, "done");
      const done = { ...mine, now: nowIso() };
      outcome = ({ db }) => void runnerStatements(db).done.run(done);
    } catch (err) {
      if (handler && !("error" in read)) this.ran(row.kind, "error");
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= row.maxAttempts;
      const backoff = Math.min(3_600_000, 2 ** row.attempts * 5_000) * (0.75 + Math.random() * 0.5);
      const failed = { ...mine, now: nowIso(), status: giveUp ? "failed" : "pending", dueAt: Date.now() + backoff, error: message };
      outcome = ({ db }) => void runnerStatements(db).failed.run(failed);
      this.log.warn(`job ${row.kind}#${row.id} attempt ${row.attempts} failed${giveUp ? " (giving up)" : ""}: ${message}`);
    }
    const written = this.writes.run(outcome).catch((err) => this.log.error(`job ${row.kind}#${row.id}: its outcome was not stored (it runs again once its lease lapses)`, err));
    return { written };
  }

  /**
   * Extends the lease of every job held here (running or waiting in its lane), in one
   * statement. A job whose lease is gone (the process stalled past it and another took the
   * row) is logged; one not started yet is dropped here.
   */
  private async renew(): Promise<void> {
    const ids = [...this.held.values()].filter((j) => !j.finished && !j.lost).map((j) => j.row.id);
    if (!ids.length) {
      if (!this.held.size && this.renewTimer) clearInterval(this.renewTimer), (this.renewTimer = null);
      return;
    }
    try {
      const args = { ids: JSON.stringify(ids), owner: this.owner, leaseUntil: Date.now() + this.leaseMs };
      const kept = new Set((await this.writes.run(({ db }) => runnerStatements(db).renew.all(args) as { id: number }[])).map((r) => r.id));
      for (const id of ids) {
        const job = this.held.get(id);
        if (!job || job.finished || kept.has(id)) continue;
        job.lost = true;
        this.log.warn(`job ${job.row.kind}#${id}: its lease was lost while held here (another process may run it too)`);
      }
    } catch (err) {
      this.log.error("jobs: renewing leases failed", err);
    }
  }

  /** Gives claimed jobs back unstarted (see `runnerStatements.putBack`). */
  private async putBack(back: ClaimedJob[]): Promise<void> {
    for (const job of back) this.held.delete(job.row.id);
    const now = Date.now();
    await this.writes.run(({ db }) => {
      for (const { row } of back) runnerStatements(db).putBack.run({ id: row.id, owner: this.owner, dueAt: Math.min(row.dueAt, now), pacedAt: row.pacedAt });
    });
  }

  /** A claim CLAIM_SPACING_MS after the last one began (coalesced; see SOON_WATER). */
  private wakeSoon(): void {
    if (this.soonTimer || !this.pollTimer) return;
    this.soonTimer = setTimeout(
      () => {
        this.soonTimer = null;
        this.wake();
      },
      Math.max(0, this.lastClaimAt + CLAIM_SPACING_MS - Date.now()),
    );
    unref(this.soonTimer);
  }

  /** A claim soon (coalesced): a lane emptied, a resource came, or the runner started. */
  private wake(): void {
    if (!this.pollTimer || this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      void this.pump();
    });
  }

  /** The background claim: fills the free room, and claims again at once while claims come back full. */
  private async pump(): Promise<void> {
    if (this.claiming || this.stopped) return;
    const room = Math.min(CLAIM_LIMIT, MAX_HELD - this.held.size);
    if (room <= 0) return;
    this.claiming = true;
    try {
      const claimed = await this.claim(room);
      for (const job of claimed.jobs) void this.dispatch(job);
      if (claimed.rows === room) this.wake();
    } catch (err) {
      this.log.error("job poll failed", err);
    } finally {
      this.claiming = false;
    }
  }
}

/** Timers must not keep a stopping process alive. */
function unref(timer: unknown): void {
  (timer as { unref?: () => void }).unref?.();
}
