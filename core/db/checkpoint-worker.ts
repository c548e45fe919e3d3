/**
 * The WAL checkpointer's thread (see checkpointer.ts). Own connection, no schema access:
 * every `intervalMs` it copies committed WAL frames back into the database file
 * (PASSIVE: never waits for, nor blocks, a reader or the writer) and fsyncs.
 */
import { restoreJitPolicy } from "../runtime/jit-policy.ts";
import { loadDriver } from "./statement-cache.ts";

restoreJitPolicy();

interface Start {
  type: "start";
  path: string;
  intervalMs: number;
}

declare const self: { onmessage: ((e: MessageEvent<Start | { type: "stop" }>) => void) | null; postMessage(m: unknown): void; close(): void };

let timer: ReturnType<typeof setInterval> | null = null;
let db: { exec(sql: string): unknown; close(): void } | null = null;

self.onmessage = (e) => {
  if (e.data.type === "stop") {
    if (timer) clearInterval(timer);
    db?.close();
    self.postMessage({ type: "stopped" });
    self.close();
    return;
  }
  try {
    const Driver = loadDriver();
    if (!Driver) throw new Error("the embedded libSQL driver is not available");
    const conn = new Driver(e.data.path, { timeout: 5_000 });
    db = conn;
    conn.exec("PRAGMA wal_checkpoint(PASSIVE)");
    timer = setInterval(() => {
      try {
        conn.exec("PRAGMA wal_checkpoint(PASSIVE)");
      } catch {
        // Busy or interrupted: the next round catches up.
      }
    }, e.data.intervalMs);
    self.postMessage({ type: "ready" });
  } catch (err) {
    self.postMessage({ type: "failed", message: (err as Error).message });
  }
};
