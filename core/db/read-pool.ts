import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./database.ts";

/**
 * Heavy reads off the event loop. The embedded driver is synchronous: a 90 ms report
 * aggregate or a 300 ms export page run on the main thread freezes every other request of
 * every company (inbound messages, sockets) for that long. A read pool runs such statements
 * on worker threads, each with its own read-only connection to the same WAL file, and hands
 * back their rows: the event loop stays free, and on two cores two statements run at once.
 *
 * Only for an embedded file under Bun (a remote DATABASE_URL is already asynchronous, and
 * Node's test runner has no Worker global): elsewhere `all` runs on the main connection, with
 * the same answer. Workers start with the first statement (an idle server pays for no
 * thread), up to `size`; statements beyond wait in order. A worker that dies mid-statement
 * (crash, terminate) fails that statement at once and is replaced by the next one.
 * Statements must read only (the connections are `query_only`) and carry their own company
 * scoping in SQL, like every read. Rows come back as objects keyed by the columns' names:
 * alias every column (`… as "name"`).
 * @example const rows = await ctx.reads.all<{ n: number }>(sql`select count(*) as n from tickets_view where company_id = ${id}`);
 */
export interface ReadPool {
  all<T>(query: SQL): Promise<T[]>;
  /** Whether statements run on worker threads (false: on the main connection; also once a worker could not start). */
  readonly threaded: boolean;
  /**
   * How many threads would start a statement now (none running there, nobody waiting): a caller
   * may spread one big read over them when the machine has room, and not when it is busy.
   */
  readonly idle: number;
  /** Stops the workers; statements still waiting fail. */
  stop(): Promise<void>;
}

export interface ReadPoolOptions {
  /** The database file; null for a remote database (no threads). */
  path: string | null;
  db: Db;
  /** Worker threads at most (default 2: the machine's cores serve the rest too). */
  size?: number;
  /** The worker's module (tests: a stand-in that dies mid-statement); read-worker.ts by default. */
  script?: URL;
}

interface Pending {
  query: SQL;
  sql: string;
  params: unknown[];
  resolve(rows: unknown[]): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  /** Its connection opened (the worker said so): a worker dying before that means threads do not work here. */
  ready: boolean;
  /** The statement running there, if any. */
  running: Pending | null;
}

/** The error of a statement whose worker died under it; the next statement gets a fresh worker. */
export class ReadInterrupted extends Error {
  constructor(reason: string) {
    super(`read worker stopped: ${reason}`);
    this.name = "ReadInterrupted";
  }
}

const dialect = new SQLiteAsyncDialect();

/** How long stop() waits for a worker to finish its statement (it is unref'd: the process may exit without it). */
const STOP_WAIT_MS = 10_000;

/** Drizzle's SQL as text and driver parameters (booleans as SQLite keeps them). */
function toQuery(query: SQL): { sql: string; params: unknown[] } {
  const { sql, params } = dialect.sqlToQuery(query);
  return { sql, params: params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : p)) };
}

/** Refs or unrefs a worker (Bun's; other runtimes' workers may lack both). */
function held(worker: Worker, busy: boolean): void {
  const w = worker as Worker & { ref?: () => void; unref?: () => void };
  if (busy) w.ref?.();
  else w.unref?.();
}

const canThread = () => typeof Worker === "function" && typeof (globalThis as { Bun?: unknown }).Bun !== "undefined";

export function createReadPool(options: ReadPoolOptions): ReadPool {
  const { path, db } = options;
  const size = Math.max(1, options.size ?? 2);
  const threaded = path !== null && canThread();
  const slots: Slot[] = [];
  const waiting: Pending[] = [];
  let stopped = false;
  /** Set when a worker could not start (its module missing from a build, no driver): the main connection answers from then on. */
  let unusable = false;
  let id = 0;

  const onMain = (p: Pending) => void db.all(p.query).then(p.resolve, p.reject);

  /** Drops a dead worker (`end`: one whose script threw, idle in JS, is ended; never one in native code). */
  const remove = (slot: Slot, reason: string, end = false) => {
    const at = slots.indexOf(slot);
    if (at < 0) return;
    slots.splice(at, 1);
    const pending = slot.running;
    slot.running = null;
    if (end) slot.worker.terminate();
    if (!slot.ready) {
      // It never opened its connection: no thread will; its statement and the rest go to the main connection.
      unusable = true;
      if (pending) onMain(pending);
      for (const p of waiting.splice(0)) onMain(p);
      return;
    }
    pending?.reject(new ReadInterrupted(reason));
    // The queue goes on, on a fresh worker.
    next();
  };

  const spawn = (): Slot | null => {
    let worker: Worker;
    try {
      worker = new Worker((options.script ?? new URL("./read-worker.ts", import.meta.url)).href, { type: "module" });
    } catch {
      return null;
    }
    const slot: Slot = { worker, running: null, ready: false };
    worker.onmessage = (e: MessageEvent<{ type: string; rows?: unknown[]; message?: string; code?: string | null }>) => {
      if (e.data.type === "ready") slot.ready = true;
      if (e.data.type === "failed") return remove(slot, e.data.message ?? "could not open the database", true);
      const pending = slot.running;
      if (!pending || (e.data.type !== "rows" && e.data.type !== "error")) return;
      slot.running = null;
      held(worker, false);
      if (e.data.type === "rows") pending.resolve(e.data.rows!);
      else pending.reject(Object.assign(new Error(e.data.message), e.data.code ? { code: e.data.code } : {}));
      next();
    };
    worker.onerror = (e) => remove(slot, (e as ErrorEvent).message || "crashed", true);
    worker.addEventListener("close", () => remove(slot, "closed"));
    worker.postMessage({ type: "start", path });
    // Bun keeps the process alive for a referenced worker: unreferenced while idle (stop() ends
    // it), referenced while it runs a statement. Measured: an unreferenced worker's statement
    // cost twice the CPU (the export's chunks 550 ms instead of 270), a referenced one's the same as the main thread's.
    held(worker, false);
    slots.push(slot);
    return slot;
  };

  const send = (slot: Slot, pending: Pending) => {
    slot.running = pending;
    held(slot.worker, true);
    slot.worker.postMessage({ type: "all", id: ++id, sql: pending.sql, params: pending.params });
  };

  function next(): void {
    while (waiting.length && !stopped) {
      const slot = slots.find((s) => !s.running) ?? (slots.length < size ? spawn() : null);
      if (!slot) {
        // No thread could start here: the main connection answers.
        if (!slots.length) for (const p of waiting.splice(0)) onMain(p);
        return;
      }
      send(slot, waiting.shift()!);
    }
  }

  return {
    get threaded() {
      return threaded && !unusable;
    },
    get idle() {
      if (!threaded || unusable || stopped) return 0;
      return Math.max(0, size - slots.filter((s) => s.running).length - waiting.length);
    },
    all<T>(query: SQL): Promise<T[]> {
      if (stopped) return Promise.reject(new ReadInterrupted("the pool is stopped"));
      if (!threaded || unusable) return db.all<T>(query);
      return new Promise<T[]>((resolve, reject) => {
        waiting.push({ query, ...toQuery(query), resolve: resolve as (rows: unknown[]) => void, reject });
        next();
      });
    },
    async stop() {
      stopped = true;
      for (const p of waiting.splice(0)) p.reject(new ReadInterrupted("the pool is stopped"));
      // Each worker ends after its running statement: a worker terminated while it runs native
      // code aborts the whole process (Bun 1.4 with the libSQL driver), so none is terminated.
      await Promise.all(
        slots.splice(0).map(
          (slot) =>
            new Promise<void>((resolve) => {
              slot.running?.reject(new ReadInterrupted("the pool is stopped"));
              slot.running = null;
              const timer = setTimeout(resolve, STOP_WAIT_MS);
              const done = () => {
                clearTimeout(timer);
                resolve();
              };
              slot.worker.onmessage = (e: MessageEvent<{ type: string }>) => {
                if (e.data.type === "stopped") done();
              };
              slot.worker.addEventListener("close", done);
              slot.worker.postMessage({ type: "stop" });
            }),
        ),
      );
    },
  };
}

/** What a service needs of a read pool: tests and remote databases give it the main connection. */
export type Reads = Pick<ReadPool, "all"> & Partial<Pick<ReadPool, "threaded" | "idle">>;

/** Reads on the main connection (a service built without a pool, e.g. in a test). */
export function mainConnectionReads(db: Db): Reads {
  return { all: <T>(query: SQL) => db.all<T>(query) };
}
