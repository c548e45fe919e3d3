/**
 * A read pool's thread (see read-pool.ts): its own connection to the database file, read-only
 * (`query_only`), running one statement at a time to completion and posting its rows back.
 * The statements stay prepared per SQL text (SQLite re-prepares them itself after a schema change).
 */
import { restoreJitPolicy } from "../runtime/jit-policy.ts";
import { joinedBytes } from "./joined-bytes.ts";
import { loadDriver } from "./statement-cache.ts";

restoreJitPolicy();

type Request =
  | { type: "start"; path: string }
  | { type: "all"; id: number; sql: string; params: unknown[] }
  | { type: "texts"; id: number; sql: string; params: unknown[]; rows: number; separator: string; bytes?: boolean }
  | { type: "more" }
  | { type: "cancel" }
  | { type: "stop" };

declare const self: { onmessage: ((e: MessageEvent<Request>) => void) | null; postMessage(m: unknown, transfer?: Transferable[]): void; close(): void };

/** Statements kept; the least recently used one is dropped beyond this. */
const MAX_STATEMENTS = 200;

interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  raw(on?: boolean): Statement;
  iterate(...params: unknown[]): Iterator<unknown[]>;
}
let db: { prepare(sql: string): Statement; exec(sql: string): unknown; close(): void } | null = null;

/**
 * The statement a `texts` request is walking: its rows come `rows` at a time, each batch only
 * after the pool asked for it ("more"), so a slow reader (a download) holds two batches at most.
 */
let walk: { id: number; statement: Statement; params: unknown[]; rows: Iterator<unknown[]>; size: number; separator: string; bytes: boolean } | null = null;

/** Posts a walk's batch: text, or bytes handed over to the pool's thread. */
function post(w: { id: number; separator: string; bytes: boolean }, parts: unknown[], done: boolean): void {
  if (!w.bytes) {
    self.postMessage({ type: "texts", id: w.id, text: parts.map(String).join(w.separator), n: parts.length, done });
    return;
  }
  const bytes = joinedBytes(parts, w.separator);
  self.postMessage({ type: "texts", id: w.id, bytes, n: parts.length, done }, [bytes.buffer]);
}

/** Posts the walk's next batch: the first column of up to `size` rows, joined; `done` with the last. */
function pump(): void {
  const w = walk;
  if (!w) return;
  const parts: unknown[] = [];
  try {
    while (parts.length < w.size) {
      const next = w.rows.next();
      if (next.done) {
        walk = null;
        post(w, parts, true);
        return;
      }
      parts.push(next.value[0]);
    }
  } catch (err) {
    walk = null;
    try {
      w.statement.get(...w.params); // ends its read snapshot, as on cancel
    } catch {
      // the same failure again
    }
    const { message: text, code } = err as { message?: string; code?: string };
    self.postMessage({ type: "error", id: w.id, message: text ?? String(err), code: code ?? null });
    return;
  }
  post(w, parts, false);
}
let failure: string | null = null;
const statements = new Map<string, Statement>();

function prepared(sql: string): Statement {
  const hit = statements.get(sql);
  if (hit) {
    statements.delete(sql);
    statements.set(sql, hit);
    return hit;
  }
  const stmt = db!.prepare(sql);
  statements.set(sql, stmt);
  if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
  return stmt;
}

self.onmessage = (e) => {
  const message = e.data;
  if (message.type === "start") {
    try {
      const Driver = loadDriver();
      if (!Driver) throw new Error("the embedded libSQL driver is not available");
      const conn = new Driver(message.path, { timeout: 5_000 });
      // Reads only: a statement that would write fails here instead of taking the write lock.
      conn.exec("PRAGMA query_only = ON");
      db = conn as unknown as typeof db;
      self.postMessage({ type: "ready" });
    } catch (err) {
      failure = (err as Error).message;
      self.postMessage({ type: "failed", message: failure });
    }
    return;
  }
  if (message.type === "stop") {
    statements.clear();
    db?.close();
    self.postMessage({ type: "stopped" });
    self.close();
    return;
  }
  if (message.type === "more") return pump();
  if (message.type === "cancel") {
    // The reader went away: the statement stops where it is (its read snapshot ends with it).
    const w = walk;
    walk = null;
    if (w) {
      // The driver has no reset: `get` runs it to its first row and resets it, so the half-read
      // walk's read snapshot ends here (otherwise this connection would keep reading that old
      // snapshot). An interrupt or a fresh iterate leaves it open.
      w.statement.get(...w.params);
      self.postMessage({ type: "texts", id: w.id, text: "", n: 0, done: true });
    }
    return;
  }
  try {
    if (!db) throw new Error(failure ?? "the read connection is not open");
    if (message.type === "texts") {
      // Its own statement, not the cache's: one left half-walked must not be shared.
      const statement = db.prepare(message.sql).raw(true);
      walk = {
        id: message.id,
        statement,
        params: message.params,
        rows: statement.iterate(...message.params),
        size: Math.max(1, message.rows),
        separator: message.separator,
        bytes: message.bytes === true,
      };
      return pump();
    }
    self.postMessage({ type: "rows", id: message.id, rows: prepared(message.sql).all(...message.params) });
  } catch (err) {
    const { message: text, code } = err as { message?: string; code?: string };
    self.postMessage({ type: "error", id: message.id, message: text ?? String(err), code: code ?? null });
  }
};
