import { setImmediate } from "node:timers";
import { BetterSQLiteSession } from "drizzle-orm/better-sqlite3/session";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { Client, Transaction } from "@libsql/client";
import { rollbackUnlessEnded, type WriteLock } from "./write-lock.ts";
import { loadDriver } from "./statement-cache.ts";
import { type Carried, commitCarrying, recordingDb, runRemoteUnit } from "./remote-units.ts";
import { DatabaseBusyError, isDroppedStream, isServerEndedTransaction } from "./errors.ts";

/**
 * A synchronous Drizzle handle on the batcher's own connection. Queries run when called
 * (`.run()`, `.all()`, `.get()`), not when awaited; hot paths `.prepare()` theirs once per
 * handle (the handle lives as long as the database) and skip building SQL on every call.
 */
export type SyncDb = BaseSQLiteDatabase<"sync", unknown, Record<string, never>>;

/** What a unit of work gets: the handle, and a way to act once its writes are durable. */
export interface WriteUnit {
  readonly db: SyncDb;
  /** Runs after the batch commits (announcements, events); skipped when the unit is undone. */
  afterCommit(fn: () => void | Promise<void>): void;
}

/**
 * Work around every batch's transaction: `begin` runs right after BEGIN, `end` right before
 * COMMIT (and again in the new transaction when a batch starts over). Either throwing fails
 * the whole batch, like a failed commit. For upkeep that is cheaper once per batch than once
 * per unit, e.g. full-text indexing in rowid order (the tickets plugin's full-text-deferral);
 * `units` says how many units the transaction runs (the same at both ends), so such a hook
 * can skip a batch of one.
 */
export interface BatchHooks {
  begin(db: SyncDb, units: number): void;
  end(db: SyncDb, units: number): void;
}

interface Queued {
  work: (unit: WriteUnit) => unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A unit's outcome in its batch: `failed` units are left out when the batch starts over. */
interface Settled {
  q: Queued;
  ok: boolean;
  failed: boolean;
  value: unknown;
  after: (() => void | Promise<void>)[];
}

/** Totals since the process started (kernel-metrics.ts exposes them). */
export interface WriteStats {
  /** Transactions committed or tried (a batch that starts over counts once). */
  batches: number;
  /** Units those batches ran. */
  units: number;
  /** Time spent waiting for SQLite's write lock held by another process (BEGIN IMMEDIATE). */
  lockWaitMs: number;
  /** BEGIN IMMEDIATE attempts refused because another process held the lock. */
  busyRetries: number;
  /** Time the batches held the write lock (BEGIN to COMMIT): what other processes of the file wait for. */
  holdMs: number;
}

/** Units per transaction: enough to amortise a commit, few enough to bound one batch's stall. */
const MAX_BATCH = 128;

/**
 * Group commit for small, hot writes (the inbound pipeline). Units queued while the write
 * lock was busy run together in ONE transaction. A failing unit leaves none of its writes and
 * rejects only its own caller (see `execute`); every other caller is answered after the
 * shared COMMIT, so nobody hears "stored" before it is durable.
 *
 * Why: a commit costs more than the few statements of one inbound message (the WAL append,
 * the full-text index's segment flush), and Drizzle building SQL cost more than SQLite
 * running it. Units are synchronous: nothing else can interleave inside a batch, and a
 * unit cannot await the network while holding the writer.
 *
 * The batcher writes through its own connection of the embedded driver and takes the same
 * `WriteLock` as the client's writes, so the two never hold SQLite's write lock together.
 * On a libSQL server (`remote`), a batch is one interactive transaction of the client and each
 * unit reaches the server in as few pipelined requests as its reads allow (remote-units.ts):
 * the event loop never waits for the network.
 * @example
 *   const row = await writes.run(({ db }) => db.insert(notes).values(v).returning().get());
 */
export class WriteBatcher {
  private queue: Queued[] = [];
  private scheduled = false;
  private connection: ReturnType<typeof openConnection> | null = null;
  private closed = false;
  private readonly hooks: BatchHooks[] = [];
  private readonly recording = recordingDb();
  /** Running totals for /metrics: how the writes group and how long they wait for the file's write lock. */
  readonly stats: WriteStats = { batches: 0, units: 0, lockWaitMs: 0, busyRetries: 0, holdMs: 0 };

  constructor(
    /** The database file (the embedded driver's own connection writes to it). */
    private readonly path: string,
    private readonly lock: WriteLock,
    private readonly options: {
      authToken?: string;
      setup: string;
      /** A libSQL server's client: batches go to it as interactive transactions (remote mode). */
      remote?: Client;
    },
  ) {}

  /**
   * Queues `work` for the next batch; resolves with its result once the batch committed.
   * `work` may run more than once (when another unit of its batch fails after writing, the
   * batch starts over without it): keep it free of effects outside the database, and put
   * those in `afterCommit`.
   */
  run<T>(work: (unit: WriteUnit) => T): Promise<T> {
    if (this.closed) return Promise.reject(new Error("the database is closed"));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Statements run on the batcher's connection when it opens (PRAGMAs). Takes effect for a
   * connection not opened yet, and on the open one at once when set between batches.
   */
  setConnectionSetup(setup: string): void {
    this.options.setup = setup;
    if (this.options.remote) return;
    if (this.connection && setup) this.connection.native.exec(setup);
  }

  /** Adds work around every batch's transaction (see `BatchHooks`); for plugin setup. */
  aroundEachBatch(hooks: BatchHooks): void {
    this.hooks.push(hooks);
  }

  /**
   * Resolves once nothing is queued or being written, including the writes that the answered
   * units' after-commit work queued meanwhile (shutdown, before `close`).
   */
  async drain(): Promise<void> {
    for (let quiet = 0; quiet < 2; ) {
      await new Promise((r) => setTimeout(r, 5));
      quiet = this.scheduled || this.queue.length ? 0 : quiet + 1;
    }
  }

  close(): void {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error("the database is closed"));
    this.connection?.native.close();
    this.connection = null;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn: requests that arrived together share a batch.
    // Not setTimeout(0), which waits a whole millisecond under Bun: a job lane whose jobs each
    // write a unit or two then spent most of its time waiting for that timer.
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    let release: (() => void) | null = null;
    let settled: Settled[] = [];
    try {
      release = await this.lock.acquire();
      if (this.options.remote) {
        const remote = await this.executeRemote(this.options.remote, this.takeBatch());
        settled = remote.settled;
        // Units a batch had no time for go first in the next one (and count there).
        this.queue.unshift(...remote.left);
        this.stats.units -= remote.left.length;
      } else {
        const conn = (this.connection ??= openConnection(this.path, this.options));
        // The file's write lock first, the batch after: units that came in while another
        // process wrote join this batch instead of waiting for the next one.
        await this.beginTurn(conn);
        const held = performance.now();
        settled = this.execute(conn, this.takeBatch());
        this.stats.holdMs += performance.now() - held;
      }
    } catch (err) {
      // No turn (the lock wait timed out, the connection did not open): this round's units fail.
      for (const q of this.queue.splice(0)) q.reject(err);
    } finally {
      release?.();
      this.scheduled = false;
      if (this.queue.length) this.schedule();
    }
    // Each unit's callbacks run in its order and answer its caller when they are done, but the
    // units' chains start together, in the batch's order: a callback that writes (a webhook
    // queued by an announcement) then shares the next batch with the others' instead of
    // waiting for a batch of its own after each of them.
    for (const s of settled) void this.answer(s);
  }

  private takeBatch(): Queued[] {
    const batch = this.queue.splice(0, MAX_BATCH);
    this.stats.batches++;
    this.stats.units += batch.length;
    return batch;
  }

  /**
   * Opens the batch's transaction, waiting for the file's write lock WITHOUT blocking the event
   * loop. Why: another process on the same file (WORKERS) may hold it. SQLite's own busy
   * handler sleeps inside the call (1, 2, 5 … 100 ms steps), freezing this process: no request
   * parsed, no read answered, and it often sleeps on after the lock is free. Here BEGIN IMMEDIATE
   * fails at once (busy timeout 0) and is tried again after 1, 2, then every 4 ms, the event loop
   * serving meanwhile; units queued in the wait join this batch. The lock is the OS's: a
   * holder that dies releases it, so the wait ends; after `BUSY_WAIT_MS` it gives up like
   * SQLite's busy timeout would.
   */
  private async beginTurn(conn: Connection): Promise<void> {
    const asked = performance.now();
    for (let tries = 0; ; tries++) {
      try {
        conn.native.exec("BEGIN IMMEDIATE");
        this.stats.lockWaitMs += performance.now() - asked;
        return;
      } catch (err) {
        if (!isBusy(err) || performance.now() - asked > BUSY_WAIT_MS) throw err;
      }
      this.stats.busyRetries++;
      await new Promise((r) => setTimeout(r, Math.min(2 ** tries, BUSY_RETRY_MAX_MS)));
    }
  }

  private async answer(s: Settled): Promise<void> {
    if (!s.ok) {
      s.q.reject(s.value);
      return;
    }
    for (const fn of s.after) {
      try {
        await fn();
      } catch {
        // An announcement failing must not turn a stored write into an error.
      }
    }
    s.q.resolve(s.value);
  }

  /**
   * One transaction for the batch; a commit failure fails every unit of it. No savepoint per
   * unit: releasing one makes SQLite's full-text tables flush their pending terms, which cost
   * more than the unit's own statements. A unit that fails before writing is simply dropped;
   * one that fails after writing rolls the transaction back, and the others run again in a
   * new one (units are synchronous functions of the database, so running one twice is safe).
   */
  private execute(conn: Connection, batch: Queued[]): Settled[] {
    const settled: Settled[] = batch.map((q) => ({ q, ok: false, failed: false, value: undefined, after: [] }));
    // The first transaction is open (beginTurn); a batch that starts over opens its next one
    // here, waiting in SQLite's busy handler in the rare case another process took the lock
    // in between.
    let begun = true;
    for (;;) {
      const pending = settled.filter((s) => !s.failed);
      try {
        if (!begun) beginWaiting(conn);
        begun = false;
        for (const h of this.hooks) h.begin(conn.db, pending.length);
      } catch (err) {
        if (conn.native.inTransaction) conn.native.exec("ROLLBACK");
        for (const s of pending) Object.assign(s, { ok: false, value: err, after: [] });
        return settled;
      }
      let undone = false;
      for (const s of pending) {
        Object.assign(s, { ok: false, value: undefined, after: [] });
        const before = conn.changes();
        try {
          const value = s.q.work({ db: conn.db, afterCommit: (fn) => s.after.push(fn) });
          if (value instanceof Promise) {
            value.catch(() => undefined);
            throw new Error("a write unit must be synchronous (it returned a promise)");
          }
          s.ok = true;
          s.value = value;
        } catch (err) {
          Object.assign(s, { failed: true, value: err, after: [] });
          // Writes of its own are in the transaction: undo everything, run the others again.
          if (conn.changes() !== before) {
            conn.native.exec("ROLLBACK");
            undone = true;
            break;
          }
        }
      }
      if (undone) continue;
      try {
        for (const h of this.hooks) h.end(conn.db, pending.length);
        conn.native.exec("COMMIT");
      } catch (err) {
        if (conn.native.inTransaction) conn.native.exec("ROLLBACK");
        for (const s of pending) Object.assign(s, { ok: false, value: err, after: [] });
      }
      return settled;
    }
  }

  /**
   * `execute` on a libSQL server: the same outcomes, one interactive transaction per batch.
   * A unit whose queued statement failed out of its sight (remote-units.ts) makes the batch
   * start over with that unit in step mode, like a unit that failed after writing.
   *
   * Two limits keep the transaction short of sqld's 5 s one (past it, sqld rolls it back as soon
   * as another connection waits to write). A batch stops taking units once it is
   * `MAX_REMOTE_BATCH_MS` old and commits what it ran; the rest go back to the head of the queue
   * (each unit costs one round trip per read it makes, so 128 units of an inbound message's ~7
   * took seconds under load). And a transaction the server ended anyway (TRANSACTION_TIMEOUT,
   * STREAM_EXPIRED, a dropped stream before COMMIT) wrote nothing: the batch runs again from the
   * start, `MAX_SERVER_ENDED` times, then its units fail with `DatabaseBusyError` (503).
   */
  private async executeRemote(client: Client, batch: Queued[]): Promise<{ settled: Settled[]; left: Queued[] }> {
    let settled: Settled[] = batch.map((q) => ({ q, ok: false, failed: false, value: undefined, after: [] }));
    const left: Queued[] = [];
    const stepping = new Set<Queued>();
    const divergences = new Map<Queued, number>();
    let ended = 0;
    const { db, driver } = this.recording;
    for (;;) {
      const pending = settled.filter((s) => !s.failed);
      let tx: Transaction;
      try {
        tx = await client.transaction("write");
      } catch (err) {
        for (const s of pending) Object.assign(s, { ok: false, value: err, after: [] });
        return { settled, left };
      }
      const startedAt = Date.now();
      /** Units' last writes, waiting to ride with the transaction's next request (remote-units.ts). */
      const carried: Carried[] = [];
      let startOver = false;
      /** A carried statement failed: its units step through the next attempt, where its error is theirs. */
      const stepThrough = (owners: unknown[]) => {
        for (const o of owners) stepping.add(o as Queued);
        startOver = true;
      };
      /** Runs a hook's statements; false when the batch must start over. */
      const hook = async (fn: () => void) => {
        const outcome = await runRemoteUnit(tx, driver, true, fn, { items: carried, owner: null });
        if (outcome.kind === "carried" && !endedBeforeCommit(outcome.error)) stepThrough(outcome.owners);
        else if (outcome.kind !== "ok") throw outcome.error;
        return !startOver;
      };
      /** The server ended the transaction: nothing of this attempt is stored. */
      let serverEnded: unknown = null;
      let committing = false;
      try {
        for (const h of this.hooks) await hook(() => h.begin(db, pending.length));
        for (const [i, s] of pending.entries()) {
          if (startOver) break;
          if (i > 0 && Date.now() - startedAt > MAX_REMOTE_BATCH_MS) {
            // Old enough: commit what ran; the others lead the next batch, in their order.
            const rest = pending.slice(i);
            left.push(...rest.map((r) => r.q));
            settled = settled.filter((x) => !rest.includes(x));
            break;
          }
          Object.assign(s, { ok: false, value: undefined, after: [] });
          const after: (() => void | Promise<void>)[] = [];
          const outcome = await runRemoteUnit(
            tx,
            driver,
            stepping.has(s.q),
            () => {
              after.length = 0;
              const value = s.q.work({ db, afterCommit: (fn) => after.push(fn) });
              if (value instanceof Promise) {
                value.catch(() => undefined);
                throw new Error("a write unit must be synchronous (it returned a promise)");
              }
              return value;
            },
            { items: carried, owner: s.q },
          );
          if (outcome.kind === "ok") Object.assign(s, { ok: true, value: outcome.value, after });
          else if (outcome.kind !== "diverged" && endedBeforeCommit(outcome.error)) {
            serverEnded = outcome.error;
            break;
          } else if (outcome.kind === "carried") {
            stepThrough(outcome.owners);
            break;
          } else if (outcome.kind === "unplaced") {
            stepping.add(s.q);
            startOver = true;
            break;
          } else if (outcome.kind === "diverged" && (divergences.get(s.q) ?? 0) < MAX_DIVERGENCES) {
            // Its cache moved between two runs: once more from the start, with the cache as it is now.
            divergences.set(s.q, (divergences.get(s.q) ?? 0) + 1);
            startOver = true;
            break;
          } else {
            Object.assign(s, { failed: true, value: outcome.error, after: [] });
            // A unit that diverged may have written in an earlier run: undo the batch's transaction.
            if (outcome.kind === "diverged" || outcome.wrote) {
              startOver = true;
              break;
            }
          }
        }
        if (serverEnded === null && !startOver) {
          for (const h of this.hooks) if (!(await hook(() => h.end(db, pending.length)))) break;
        }
        if (serverEnded === null && !startOver) {
          committing = true;
          // The last unit's writes and the COMMIT in one request.
          const failed = await commitCarrying(tx, carried);
          if (!failed) return { settled, left };
          // A carried statement failed before the COMMIT ran: nothing committed.
          committing = false;
          if (endedBeforeCommit(failed.error)) serverEnded = failed.error;
          else stepThrough(failed.owners);
        }
        await settle(tx, "rollback").catch(() => undefined);
      } catch (err) {
        await settle(tx, "rollback").catch(() => undefined);
        // A COMMIT whose answer was lost may have committed: there only the server's own word counts.
        if (!(committing ? isServerEndedTransaction(err) : endedBeforeCommit(err))) {
          for (const s of pending) Object.assign(s, { ok: false, value: err, after: [] });
          return { settled, left };
        }
        serverEnded = err;
      }
      if (serverEnded !== null) {
        if (++ended > MAX_SERVER_ENDED) {
          const busy = new DatabaseBusyError(serverEnded);
          for (const s of settled.filter((x) => !x.failed)) Object.assign(s, { ok: false, value: busy, after: [] });
          return { settled, left };
        }
        // Units cut off by the age limit in this attempt run again too: nothing of it is stored.
        settled.push(...left.splice(0).map((q) => ({ q, ok: false, failed: false, value: undefined, after: [] })));
      }
    }
  }
}

/** Run a batch's transaction at most this long before committing it (sqld ends write transactions at 5 s). */
export const MAX_REMOTE_BATCH_MS = 1_000;

/** How often a batch runs again after the server ended its transaction; then its units fail with DatabaseBusyError. */
const MAX_SERVER_ENDED = 2;

/** A statement failed because the transaction was over on the server's side, before any COMMIT. */
const endedBeforeCommit = (err: unknown) => isServerEndedTransaction(err) || isDroppedStream(err);

/**
 * The longest pause between two tries at the file's write lock held by another process (the
 * pauses grow 1, 2, 4 ms). Measured at 4 processes on 2 cores: a try every 1 ms cost a third more
 * CPU per inbound message (each try wakes the process and takes SQLite's shared-memory locks);
 * longer pauses leave the lock idle after its holder let go.
 */
const BUSY_RETRY_MAX_MS = 4;
/** How long a batch waits for the file's write lock before its units fail (SQLITE_BUSY), like the driver's busy timeout. */
const BUSY_WAIT_MS = 10_000;

function isBusy(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "SQLITE_BUSY";
}

type Connection = ReturnType<typeof openConnection>;

/** BEGIN IMMEDIATE through SQLite's busy handler (blocking), for the rare second transaction of a batch. */
function beginWaiting(conn: Connection): void {
  conn.native.exec(`PRAGMA busy_timeout = ${BUSY_WAIT_MS}`);
  try {
    conn.native.exec("BEGIN IMMEDIATE");
  } finally {
    conn.native.exec("PRAGMA busy_timeout = 0");
  }
}

/** How often one unit may start its batch over for issuing other statements when run again; then it fails. */
const MAX_DIVERGENCES = 2;

/** Ends the transaction either way and frees its stream; one the server already ended is rolled back (write-lock.ts). */
async function settle(tx: Transaction, how: "commit" | "rollback"): Promise<void> {
  try {
    if (how === "rollback") await rollbackUnlessEnded(tx);
    else await tx.commit();
  } finally {
    tx.close();
  }
}

/** The batcher's connection: the embedded driver's class, set up like the client's connections. */
function openConnection(path: string, options: { authToken?: string; setup: string }) {
  const Driver = loadDriver();
  if (!Driver) throw new Error("the embedded libSQL driver is not available");
  // No busy handler: a lock held by another process is waited for asynchronously (beginTurn).
  const native = new Driver(path, { timeout: 0, authToken: options.authToken });
  if (options.setup) native.exec(options.setup);
  // The statement cache sets a connection up on its first prepare; that must not happen
  // inside the first batch's transaction (PRAGMA synchronous is refused there).
  native.prepare("SELECT 1");
  // Rows changed so far on this connection: whether a failing unit had written anything.
  const totalChanges = native.prepare("SELECT total_changes()") as unknown as { raw(on?: boolean): { get(): [number] } };
  const changes = () => totalChanges.raw(true).get()[0];
  const dialect = new SQLiteSyncDialect();
  const session = new BetterSQLiteSession(native as never, dialect, undefined);
  const db = new BaseSQLiteDatabase("sync", dialect, session as never, undefined) as unknown as SyncDb;
  return { native, db, changes };
}
