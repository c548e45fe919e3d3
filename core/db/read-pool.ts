import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import type { Db } from "./database.ts";
import { joinedBytes } from "./joined-bytes.ts";

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
  /**
   * The first column of every row, as text, `rows` at a time joined by `separator`: one
   * statement walked on a worker, the next batch read while the caller uses this one, so a big
   * export costs one pass over its index range and holds two batches at most. Leaving the loop
   * early stops the statement. Without threads the whole result is read at once (callers with
   * big results check `threaded` and page themselves).
   * @example for await (const part of ctx.reads.texts(sql`select json_object('id', id) from tickets_view where company_id = ${id}`, { rows: 1000 })) write(part);
   */
  texts(query: SQL, options: { rows: number; separator?: string }): AsyncGenerator<string>;
  /**
   * `texts` as bytes: the first column of every row (a BLOB: `cast(json_object(…) as blob)`;
   * a text is encoded as UTF-8), `rows` at a time joined by `separator`. A batch crosses from
   * the worker without a copy and is never a JS string: what a response writes as it is (the
   * big report page: no UTF-16 string of megabytes, no encoding on the event loop).
   */
  bytes(query: SQL, options: { rows: number; separator?: string }): AsyncGenerator<Uint8Array>;
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
  /** A `texts` or `bytes` walk: its batch size, separator and where its batches go (`done` with the last). */
  walk?: { rows: number; separator: string; bytes: boolean; take(part: string | Uint8Array, n: number, done: boolean): void };
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

  const onMain = (p: Pending) => {
    const { walk } = p;
    if (!walk) return void db.all(p.query).then(p.resolve, p.reject);
    // Without a thread a walk is one read: every row's first column, in batches.
    void db.values<unknown[]>(p.query).then((rows) => {
      for (let at = 0; at < rows.length; at += walk.rows) {
        const batch = rows.slice(at, at + walk.rows).map((r) => r[0]);
        walk.take(walk.bytes ? joinedBytes(batch, walk.separator) : batch.map(String).join(walk.separator), batch.length, at + walk.rows >= rows.length);
      }
      if (!rows.length) walk.take("", 0, true);
    }, p.reject);
  };

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
    worker.onmessage = (
      e: MessageEvent<{ type: string; rows?: unknown[]; message?: string; code?: string | null; text?: string; bytes?: Uint8Array; n?: number; done?: boolean }>,
    ) => {
      if (e.data.type === "ready") slot.ready = true;
      if (e.data.type === "failed") return remove(slot, e.data.message ?? "could not open the database", true);
      const pending = slot.running;
      if (pending && e.data.type === "texts") {
        if (e.data.done) {
          slot.running = null;
          held(worker, false);
        }
        pending.walk?.take(e.data.bytes ?? e.data.text ?? "", e.data.n ?? 0, e.data.done === true);
        if (e.data.done) next();
        return;
      }
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
    const { walk } = pending;
    if (walk) slot.worker.postMessage({ type: "texts", id: ++id, sql: pending.sql, params: pending.params, rows: walk.rows, separator: walk.separator, bytes: walk.bytes });
    else slot.worker.postMessage({ type: "all", id: ++id, sql: pending.sql, params: pending.params });
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

  /** A `texts` or `bytes` walk: batches as the worker posts them, the next asked for when one is taken. */
  async function* walkOf<T extends string | Uint8Array>(query: SQL, options: { rows: number; separator?: string }, bytes: boolean): AsyncGenerator<T> {
    if (stopped) throw new ReadInterrupted("the pool is stopped");
    const batches: T[] = [];
    let finished = false;
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const poke = () => {
      wake?.();
      wake = null;
    };
    const pending: Pending = {
      query,
      ...toQuery(query),
      resolve: () => {
        finished = true;
        poke();
      },
      reject: (err) => {
        failure = err;
        poke();
      },
      walk: {
        rows: Math.max(1, options.rows),
        separator: options.separator ?? ",",
        bytes,
        take: (part, n, done) => {
          if (n) batches.push(part as T);
          if (done) finished = true;
          poke();
        },
      },
    };
    if (!threaded || unusable) onMain(pending);
    else {
      waiting.push(pending);
      next();
    }
    try {
      for (;;) {
        while (!batches.length && !finished && !failure) await new Promise<void>((r) => (wake = r));
        if (failure) throw failure;
        const batch = batches.shift();
        if (batch === undefined) return;
        // The worker reads the next batch while this one is used.
        if (!finished) slots.find((s) => s.running === pending)?.worker.postMessage({ type: "more" });
        yield batch;
      }
    } finally {
      if (!finished && !failure) {
        // Left early (a download cancelled): the statement stops, its worker serves the next one.
        const at = waiting.indexOf(pending);
        if (at >= 0) waiting.splice(at, 1);
        slots.find((s) => s.running === pending)?.worker.postMessage({ type: "cancel" });
      }
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
    texts(query: SQL, options: { rows: number; separator?: string }): AsyncGenerator<string> {
      return walkOf<string>(query, options, false);
    },
    bytes(query: SQL, options: { rows: number; separator?: string }): AsyncGenerator<Uint8Array> {
      return walkOf<Uint8Array>(query, options, true);
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
export type Reads = Pick<ReadPool, "all"> & Partial<Pick<ReadPool, "texts" | "bytes" | "threaded" | "idle">>;

/** Reads on the main connection (a service built without a pool, e.g. in a test). */
export function mainConnectionReads(db: Db): Reads {
  return { all: <T>(query: SQL) => db.all<T>(query) };
}
