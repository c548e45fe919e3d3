import type { InStatement, InValue, ResultSet, Transaction } from "@libsql/client";
import { BetterSQLiteSession } from "drizzle-orm/better-sqlite3/session";
import { BaseSQLiteDatabase, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import type { SyncDb } from "./write-batch.ts";

/**
 * Write units on a libSQL server, without blocking the event loop (remote mode of write-batch.ts).
 *
 * Why: a unit is a synchronous function of a `SyncDb`; on a server every statement is a network
 * round trip, and the embedded driver's remote connection waits for each one with the event loop
 * stopped (measured: a 1 s stall while 20 inbound requests were in flight). Here a unit runs
 * against a recording handle instead. A statement whose result the unit does not look at (an
 * INSERT's `.run()`) is queued and the unit goes on; a statement whose rows it needs (`.get()`,
 * `.all()`, a `.run()` result read) ends the pass: everything queued goes to the server in ONE
 * pipelined request of the open transaction, and the unit runs again from the start, this time
 * answered from the recorded results up to there. A unit that reads nothing (most inbound
 * writes after their lookups) costs one request; one with k lookups costs k + 1.
 *
 * Units may already run more than once (write-batch.ts says so), so running them again is within
 * their contract. A replay must issue the same statements in the same order: the SQL text is
 * checked (a unit whose statements change between runs fails); arguments may differ (a fresh
 * `new Date()`), and the server keeps the first run's. So a unit takes its clock reading (and any
 * id it makes in JS) before it starts, or reads the stored value back (`.returning()`), rather
 * than reusing a fresh one in a later statement or its answer; a decision on elapsed time must
 * not cut earlier on a replay; and a unit catching errors around its statements lets a pause
 * through (`isPassPause`; `inUnitSavepoint` in unit-savepoint.ts does).
 *
 * An error of a queued statement cannot be placed (the unit has gone past it): the batch starts
 * over with that unit in step mode, one request per statement, and each error is thrown where
 * the statement was issued, as the embedded driver would.
 *
 * The statements of a unit's last pass (writes it never looks at) do not get a request of their
 * own: they are carried into the transaction's next request, the next unit's first one or the
 * COMMIT (`commitCarrying`). One request less per unit: an inbound message's last writes ride
 * with its COMMIT. The results still reach the unit's record, for a `.run()` result it returned.
 */

/** Thrown through a unit when a pass needs the server: caught by `runRemoteUnit`. */
class NeedsServer extends Error {
  constructor() {
    super("a write unit needed a result from the server (this error must not be caught by the unit)");
  }
}

/**
 * Whether `err` is a remote pass stopping for the server's answer (not a failure of the unit): a
 * unit that catches errors around its statements (a savepoint's rollback) lets this one through
 * untouched, or the rollback it would issue becomes part of what the unit recorded.
 */
export const isPassPause = (err: unknown): boolean => err instanceof NeedsServer;

/** A unit's statements that reached the server in this transaction, in order, with their outcome. */
interface Done {
  sql: string;
  result?: ResultSet;
  error?: unknown;
}

/**
 * A run of the unit issued a statement other than the one the run before it issued there (an
 * in-memory cache expired, or was cleared by another process's event, between two runs): what it
 * was answered so far no longer matches what it does. The batch starts over in a new transaction.
 */
export class Diverged extends Error {
  constructor() {
    super("a write unit issued other statements when run again (it must be a function of the database)");
  }
}

/** The statements of one unit in one transaction and the pass being run over them. */
class UnitRecord {
  readonly done: Done[] = [];
  queued: { sql: string; args: InValue[] }[] = [];
  cursor = 0;
  needed = false;
  /** A run issued other statements than the run before it (see Diverged). */
  diverged = false;

  constructor(readonly step: boolean) {}

  startPass(): void {
    this.cursor = 0;
    this.queued = [];
    this.needed = false;
  }

  /** Whether any statement of the unit that reached the server changed a row. */
  get wrote(): boolean {
    return this.done.some((d) => (d.result?.rowsAffected ?? 0) > 0);
  }

  statement(sql: string, params: unknown[], mode: "run" | "get" | "all", raw: boolean): unknown {
    const index = this.replayIndex(sql);
    this.cursor = index + 1;
    const known = this.done[index];
    if (known) {
      if (known.error !== undefined) throw known.error;
      return shaped(known.result!, mode, raw);
    }
    this.queued.push({ sql, args: params.map(toArg) });
    if (mode === "run" && !this.step) return this.lazyRun(index);
    return this.need();
  }

  /**
   * Where `sql` sits among the statements already answered. A unit may skip a read when run
   * again (a plugin's in-memory cache filled from the first run's answer): the reads it skipped
   * are passed over. Any other difference means the unit is not a function of the database.
   */
  private replayIndex(sql: string): number {
    for (let i = this.cursor; i < this.done.length; i++) {
      if (this.done[i]!.sql === sql) return i;
      if (!isRead(this.done[i]!.sql)) break;
    }
    if (this.cursor < this.done.length) {
      this.diverged = true;
      throw new Diverged();
    }
    return this.cursor;
  }

  need(): never {
    this.needed = true;
    throw new NeedsServer();
  }

  /** A `.run()` result whose fields end the pass when read before the statement reached the server. */
  private lazyRun(index: number) {
    const field = (name: "changes" | "lastInsertRowid") => {
      const done = this.done[index];
      if (!done?.result) return this.need();
      return runResult(done.result)[name];
    };
    return {
      get changes() {
        return field("changes");
      },
      get lastInsertRowid() {
        return field("lastInsertRowid");
      },
    };
  }
}

/** A statement that changes nothing: skipping it on a replay loses nothing. */
const isRead = (sql: string) => /^\s*select\b/i.test(sql);

/** The driver-shaped object drizzle's sync session prepares statements on; each call goes to the current unit. */
class RecordingDriver {
  current: UnitRecord | null = null;

  prepare(sql: string) {
    const call =
      (mode: "run" | "get" | "all", raw: boolean) =>
      (...params: unknown[]) => {
        if (!this.current) throw new Error("a prepared statement of the write batcher ran outside a write unit");
        return this.current.statement(sql, params, mode, raw);
      };
    const view = (raw: boolean) => ({ run: call("run", raw), get: call("get", raw), all: call("all", raw) });
    return { ...view(false), raw: (on = true) => view(on), safeIntegers: () => view(false) };
  }

  transaction(): never {
    throw new Error("a write unit runs inside the batch's transaction: it cannot open one");
  }
}

/** One handle for the life of the batcher (hot paths prepare their statements once per handle). */
export function recordingDb(): { db: SyncDb; driver: RecordingDriver } {
  const driver = new RecordingDriver();
  const dialect = new SQLiteSyncDialect();
  const session = new BetterSQLiteSession(driver as never, dialect, undefined);
  const db = new BaseSQLiteDatabase("sync", dialect, session as never, undefined) as unknown as SyncDb;
  return { db, driver };
}

/** A statement of a unit that went past it, sent with the transaction's next request. */
export interface Carried {
  sql: string;
  args: InValue[];
  record: UnitRecord;
  /** Whose statement it is (the batcher's queue entry): the unit to step through when it fails. */
  owner: unknown;
}

/** Where in a failed pipelined request the error arose (libSQL's batch errors say which statement). */
const failedIndex = (err: unknown): number | null => {
  const i = (err as { statementIndex?: unknown } | null)?.statementIndex;
  return typeof i === "number" ? i : null;
};

/** The carried statements that may have failed (`err` of a request that began with them), by owner. */
function blame(carry: Carried[], err: unknown): unknown[] {
  const i = failedIndex(err);
  if (i !== null) return i < carry.length ? [carry[i]!.owner] : [];
  return [...new Set(carry.map((c) => c.owner))];
}

/** Sends the carried statements ahead of `queued` in one request; records their results. */
async function sendWithCarry(tx: Transaction, carry: Carried[], queued: { sql: string; args: InValue[] }[]): Promise<ResultSet[]> {
  const all = [...carry.map(({ sql, args }) => ({ sql, args })), ...queued];
  const results = all.length === 1 ? [await tx.execute(all[0] as InStatement)] : await tx.batch(all);
  for (const [i, c] of carry.entries()) c.record.done.push({ sql: c.sql, result: results[i]! });
  carry.length = 0;
  return results.slice(all.length - queued.length);
}

/**
 * Commits with the carried statements in the same request (COMMIT runs only when they all
 * succeeded). `null` once committed; the owners of a carried statement that failed otherwise
 * (nothing committed, the transaction is still open). A failed COMMIT throws, as `commit()` does.
 */
export async function commitCarrying(tx: Transaction, carry: Carried[]): Promise<{ owners: unknown[]; error: unknown } | null> {
  if (!carry.length) {
    await tx.commit();
    return null;
  }
  try {
    await sendWithCarry(tx, carry, [{ sql: "COMMIT", args: [] }]);
  } catch (err) {
    const i = failedIndex(err);
    if (i !== null && i < carry.length) return { owners: [carry[i]!.owner], error: err };
    throw err;
  }
  // Frees the server's stream; nobody waits for that answer.
  tx.close();
  return null;
}

export type RemoteOutcome<T> =
  | { kind: "ok"; value: T }
  /** The unit threw; `wrote`: statements of its own had changed rows (the transaction must be undone). */
  | { kind: "failed"; error: unknown; wrote: boolean }
  /** A queued statement failed where the unit could not hear it: start over with the unit in step mode. */
  | { kind: "unplaced"; error: unknown }
  /** The unit did not repeat its statements when run again: start over (a fresh transaction, fresh answers). */
  | { kind: "diverged"; error: Diverged }
  /** A statement carried from earlier units (`owners`; all of them when it cannot be told) failed: start over with them in step mode. */
  | { kind: "carried"; error: unknown; owners: unknown[] };

/**
 * Runs `work` as one unit inside the open transaction `tx`, passing as often as it needs the
 * server (see the file's comment). Resolves once every statement it issued reached the server,
 * or, with `carry`, once those of its last pass are in `carry` for the next request.
 */
export async function runRemoteUnit<T>(
  tx: Transaction,
  driver: RecordingDriver,
  step: boolean,
  work: () => T,
  carry: { items: Carried[]; owner: unknown } | null = null,
): Promise<RemoteOutcome<T>> {
  const record = new UnitRecord(step);
  for (;;) {
    record.startPass();
    driver.current = record;
    let value: T | undefined;
    let error: unknown;
    let threw = false;
    try {
      value = work();
    } catch (err) {
      threw = true;
      error = err;
    } finally {
      driver.current = null;
    }
    // A unit that caught our signals itself still needed the server, or still diverged.
    if (record.diverged) return { kind: "diverged", error: new Diverged() };
    if (!record.needed && threw) return { kind: "failed", error, wrote: record.wrote };
    const queued = record.queued;
    if (carry && !record.needed && !record.step) {
      // The last pass: nothing here looks at these results, so they wait for the next request.
      for (const q of queued) carry.items.push({ ...q, record, owner: carry.owner });
      return { kind: "ok", value: value as T };
    }
    if (queued.length && carry?.items.length) {
      // Earlier units' carried statements go first; in step mode alone, so each error of this unit stays its own.
      try {
        const results = await sendWithCarry(tx, carry.items, record.step ? [] : queued);
        if (!record.step) {
          for (const [i, q] of queued.entries()) record.done.push({ sql: q.sql, result: results[i]! });
          continue;
        }
      } catch (err) {
        const owners = blame(carry.items, err);
        if (!owners.length) return { kind: "unplaced", error: err };
        // Cannot be told apart: this unit steps through too.
        return { kind: "carried", error: err, owners: failedIndex(err) === null ? [...owners, carry.owner] : owners };
      }
    }
    if (queued.length) {
      if (record.step) {
        // One statement per pass in step mode: its error is recorded, to be thrown where it was issued.
        const [stmt] = queued as [{ sql: string; args: InValue[] }];
        try {
          record.done.push({ sql: stmt.sql, result: await tx.execute(stmt) });
        } catch (err) {
          record.done.push({ sql: stmt.sql, error: err });
        }
      } else {
        let results: ResultSet[];
        try {
          results = queued.length === 1 ? [await tx.execute(queued[0] as InStatement)] : await tx.batch(queued);
        } catch (err) {
          return { kind: "unplaced", error: err };
        }
        for (const [i, q] of queued.entries()) record.done.push({ sql: q.sql, result: results[i]! });
      }
    }
    if (!record.needed) return { kind: "ok", value: value as T };
  }
}

/** A result in the embedded driver's shapes: rows as objects (or arrays when raw), `run`'s counts. */
function shaped(result: ResultSet, mode: "run" | "get" | "all", raw: boolean) {
  if (mode === "run") return runResult(result);
  const { columns } = result;
  const row = (r: ResultSet["rows"][number]) => (raw ? columns.map((_, i) => fromValue(r[i])) : Object.fromEntries(columns.map((c, i) => [c, fromValue(r[i])])));
  if (mode === "get") return result.rows[0] === undefined ? undefined : row(result.rows[0]);
  return result.rows.map(row);
}

const runResult = (result: ResultSet) => ({ changes: result.rowsAffected, lastInsertRowid: result.lastInsertRowid === undefined ? 0 : Number(result.lastInsertRowid) });

/** Blobs come back as ArrayBuffers; the embedded driver (and drizzle's blob columns) hand out Buffers. */
const fromValue = (v: unknown) => (v instanceof ArrayBuffer ? Buffer.from(v) : v);

function toArg(v: unknown): InValue {
  if (v === undefined) return null;
  if (typeof v === "boolean") return v ? 1 : 0;
  return v as InValue;
}
