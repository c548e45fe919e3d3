// The embedded driver @libsql/client instantiates, imported by name so that the bundler puts it
// in the single binary (a require resolved at run time found nothing there). It is a direct
// dependency pinned to the client's version, so both resolve to one module: the very class
// whose prototype the cache hooks and whose connections the write batcher opens.
import libsql from "libsql";

/**
 * A per-connection prepared-statement cache for the embedded libSQL driver.
 *
 * Why: @libsql/client's embedded client prepares every statement again on each call and
 * asks the native side for its column metadata twice; on the inbound pipeline that was a
 * third of the server's CPU (profile: prepare 15 %, columns 14 %, raw 5 %). SQLite
 * statements are reusable: the driver runs each one synchronously to completion (so a
 * cached statement never holds a read snapshot open between calls; EXPLAIN, which SQLite
 * counts as running until reset, is reset after each use), and SQLite re-prepares
 * a statement by itself when the schema changes. Only the column list we memoise could go
 * stale after DDL, so every DDL statement (and `exec`, which runs migrations) drops the
 * memoised metadata of every connection.
 *
 * The cache hooks the driver's `Database.prototype.prepare`; when the driver cannot be
 * located (another runtime's module layout) nothing is installed and behaviour is unchanged.
 */

/** Statements kept per connection; the least recently used one is dropped beyond this. */
const MAX_STATEMENTS = 500;

interface NativeStatement {
  raw(toggle?: boolean): NativeStatement;
  safeIntegers(toggle?: boolean): NativeStatement;
  columns(): unknown[];
  all(...args: unknown[]): unknown[];
  get(...args: unknown[]): unknown;
  run(...args: unknown[]): unknown;
}
interface NativeDatabase {
  prepare(sql: string): NativeStatement;
  exec(sql: string): unknown;
}
/** The embedded driver's connection class (better-sqlite3's API), as far as the kernel uses it. */
export type DatabaseClass = {
  prototype: NativeDatabase;
  new (path: string, options?: { timeout?: number; authToken?: string }): NativeDatabase & { close(): void; readonly inTransaction: boolean };
};

/** Bumped by DDL: memoised column lists older than this are read again. */
let schemaGeneration = 0;
let installed = false;

/** Whether a statement may change the schema. Most SQL starts with a keyword letter that rules it out at once. */
const isDdl = (sql: string) => {
  const first = sql.charCodeAt(0) | 0x20;
  const letter = first >= 0x61 && first <= 0x7a;
  if (letter && first !== 0x61 && first !== 0x63 && first !== 0x64) return false;
  // Leading blanks and comments are skipped (migration files start with comments).
  return /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*(?:create|alter|drop)\b/i.test(sql);
};

/** Whether a statement is an EXPLAIN (bytecode or QUERY PLAN), after any leading blanks and comments. */
const isExplain = (sql: string) => /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*explain\b/i.test(sql);

/** Whether a script may contain DDL anywhere (scripts hold several statements). */
const mayChangeSchema = (sql: string) => /\b(?:create|alter|drop)\b/i.test(sql);

/** The embedded driver's connection class, or null when it is not the API the kernel expects. */
export function loadDriver(): DatabaseClass | null {
  const driver = libsql as unknown as DatabaseClass | undefined;
  return typeof driver?.prototype?.prepare === "function" ? driver : null;
}

/** Wraps a freshly prepared statement so the per-call setup calls become memo lookups. */
function memoised(stmt: NativeStatement): NativeStatement {
  const raw = stmt.raw.bind(stmt);
  const safeIntegers = stmt.safeIntegers.bind(stmt);
  const columns = stmt.columns.bind(stmt);
  let rawState: { toggle: boolean; error: unknown } | null = null;
  let safeState: boolean | null = null;
  let cols: { generation: number; list: unknown[] } | null = null;
  stmt.raw = (toggle = true) => {
    if (rawState?.toggle !== toggle) {
      try {
        raw(toggle);
        rawState = { toggle, error: null };
      } catch (err) {
        // raw() refuses statements that return no data; the client relies on that answer.
        rawState = { toggle, error: err };
      }
    }
    if (rawState.error) throw rawState.error;
    return stmt;
  };
  stmt.safeIntegers = (toggle = true) => {
    if (safeState !== toggle) {
      safeIntegers(toggle);
      safeState = toggle;
    }
    return stmt;
  };
  stmt.columns = () => {
    if (cols?.generation !== schemaGeneration) cols = { generation: schemaGeneration, list: columns() };
    return cols.list;
  };
  return stmt;
}

/**
 * An EXPLAIN statement that listed all its rows is not finished for SQLite until it is reset
 * (its listing never halts the VM as a query's last step does), and the driver resets before
 * a query or run, not after. Kept like that (cached, or waiting for the collector), it counts
 * as a statement in progress: the connection's next statement leaves its read transaction
 * open, and once another connection commits, this one's next write fails with
 * SQLITE_BUSY_SNAPSHOT (a batch's COMMIT too). `get` is the driver's one call that resets
 * after itself: it ends each use. Other statements end when they return their last row or
 * change (`get` resets; `all` and `run` step to the end).
 */
function resetAfterEachUse(stmt: NativeStatement): NativeStatement {
  const all = stmt.all.bind(stmt);
  const run = stmt.run.bind(stmt);
  const reset = (args: unknown[]) => {
    try {
      stmt.get(...args);
    } catch {
      // Nothing is in progress after a failed step either.
    }
  };
  stmt.all = (...args: unknown[]) => {
    try {
      return all(...args);
    } finally {
      reset(args);
    }
  };
  stmt.run = (...args: unknown[]) => {
    try {
      return run(...args);
    } finally {
      reset(args);
    }
  };
  return stmt;
}

/**
 * Per-connection settings (`PRAGMA synchronous`, `foreign_keys` …) run on each new connection
 * before its first statement: @libsql/client opens up to `concurrency` connections lazily,
 * and a PRAGMA sent through the client reaches only the one connection it borrowed.
 */
let connectionSetup = "";

/** Installs the cache once per process; answers whether it is active. */
export function installStatementCache(setup = ""): boolean {
  connectionSetup = setup;
  if (installed) return true;
  const driver = loadDriver();
  if (!driver) return false;
  const proto = driver.prototype;
  const prepare = proto.prepare;
  const exec = proto.exec;
  const caches = new WeakMap<NativeDatabase, Map<string, NativeStatement>>();
  proto.prepare = function (this: NativeDatabase, sql: string): NativeStatement {
    // DDL is rare and changes what cached statements describe: never cache it.
    if (isDdl(sql)) {
      schemaGeneration++;
      return prepare.call(this, sql);
    }
    let cache = caches.get(this);
    if (!cache) {
      caches.set(this, (cache = new Map()));
      if (connectionSetup) exec.call(this, connectionSetup);
    }
    const hit = cache.get(sql);
    if (hit) {
      // Re-inserting keeps the Map ordered by last use.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const prepared = memoised(prepare.call(this, sql));
    const stmt = isExplain(sql) ? resetAfterEachUse(prepared) : prepared;
    cache.set(sql, stmt);
    if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value!);
    return stmt;
  };
  proto.exec = function (this: NativeDatabase, sql: string) {
    // Migrations and other scripts may change the schema; BEGIN, SAVEPOINT or COMMIT do not
    // (the write batcher sends those per batch, and forgetting every column list each time
    // cost more than the columns themselves).
    if (mayChangeSchema(sql)) schemaGeneration++;
    return exec.call(this, sql);
  };
  installed = true;
  return true;
}
