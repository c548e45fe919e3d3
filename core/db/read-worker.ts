/**
 * A read pool's thread (see read-pool.ts): its own connection to the database file, read-only
 * (`query_only`), running one statement at a time to completion and posting its rows back.
 * The statements stay prepared per SQL text (SQLite re-prepares them itself after a schema change).
 */
import { restoreJitPolicy } from "../runtime/jit-policy.ts";
import { loadDriver } from "./statement-cache.ts";

restoreJitPolicy();

type Request = { type: "start"; path: string } | { type: "all"; id: number; sql: string; params: unknown[] } | { type: "stop" };

declare const self: { onmessage: ((e: MessageEvent<Request>) => void) | null; postMessage(m: unknown): void; close(): void };

/** Statements kept; the least recently used one is dropped beyond this. */
const MAX_STATEMENTS = 200;

interface Statement {
  all(...params: unknown[]): unknown[];
}
let db: { prepare(sql: string): Statement; exec(sql: string): unknown; close(): void } | null = null;

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
  try {
    if (!db) throw new Error(failure ?? "the read connection is not open");
    self.postMessage({ type: "rows", id: message.id, rows: prepared(message.sql).all(...message.params) });
  } catch (err) {
    const { message: text, code } = err as { message?: string; code?: string };
    self.postMessage({ type: "error", id: message.id, message: text ?? String(err), code: code ?? null });
  }
};
