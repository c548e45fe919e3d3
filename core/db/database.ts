import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { makePrivateDir, makePrivateFile } from "../storage/private-files.ts";
import { createReadPool, type ReadPool } from "./read-pool.ts";
import { installStatementCache } from "./statement-cache.ts";
import { checkpointOnDemand } from "./checkpoint-on-demand.ts";
import { WriteBatcher } from "./write-batch.ts";
import { serialiseWrites, WriteLock } from "./write-lock.ts";

/** The Drizzle handle every plugin receives. Plugins bring their own table objects. */
export type Db = LibSQLDatabase<Record<string, never>>;
/** A Drizzle transaction, for writes that must land together (e.g. a change and its outbox row). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either the database or a transaction: services accept this so callers can compose writes. */
export type DbOrTx = Db | Tx;

/**
 * Takes work that must wait for the caller's transaction to commit (announcements): a service
 * writing in another plugin's transaction gets one, and the caller runs what it was handed
 * once the transaction committed, or drops it when it rolled back (`afterCommitQueue`).
 */
export type AfterCommit = (fn: () => void) => void;

/** The caller's side of `AfterCommit`: hand `afterCommit` to the services, then `run()` once committed. */
export function afterCommitQueue(): { afterCommit: AfterCommit; run(): void } {
  const queued: (() => void)[] = [];
  return {
    afterCommit: (fn) => void queued.push(fn),
    run: () => {
      for (const fn of queued.splice(0)) fn();
    },
  };
}

export interface Database {
  client: Client;
  db: Db;
  /** Group commit for hot, small writes (write-batch.ts). */
  writes: WriteBatcher;
  /** Heavy reads on worker threads, off the event loop (read-pool.ts). */
  reads: ReadPool;
  url: string;
  /**
   * Starts the WAL checkpoint worker now; resolves true once it runs, false when it does not
   * (a remote database needs none; an embedded one then checkpoints inside its writes).
   * Without this call it starts by itself once writes come in volume (checkpoint-on-demand.ts).
   */
  startCheckpointer(): Promise<boolean>;
  close(): void;
}

export interface OpenOptions {
  /** Told once the WAL checkpoint worker runs (true) or cannot run here (false: a build that lost its module). */
  onCheckpointer?: (running: boolean) => void;
  /**
   * Litestream replicates the file (LITESTREAM=1) and checkpoints it: no checkpoint worker, and no
   * connection of ours checkpoints by itself (Litestream's advice for busy servers: a checkpoint
   * it does not make can restart the WAL past frames it has not copied, which costs it a fresh
   * snapshot). Without Litestream running, the WAL would then grow without end.
   */
  litestream?: boolean;
}

/** The embedded default: one libSQL file under the data directory. */
export function defaultDatabaseUrl(dataDir: string): string {
  return `file:${resolve(dataDir, "app.db")}`;
}

/**
 * Opens the database. A `file:` URL gets WAL mode and a busy timeout so concurrent
 * writers wait for each other instead of failing; a remote URL (libsql://, http://)
 * talks to a libSQL server with the same code.
 * @example const { db } = await openDatabase("file:./data/app.db");
 */
export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Database> {
  const isFile = url.startsWith("file:");
  // The file (embedded) or the server's URL, as the driver's own connections open it.
  const path = isFile ? resolve(url.slice(5)) : url;
  if (isFile) {
    // Private to the server's user; the WAL and shared-memory files inherit the file's mode.
    makePrivateDir(dirname(path));
    makePrivateFile(path);
    for (const extra of [`${path}-wal`, `${path}-shm`]) if (existsSync(extra)) makePrivateFile(extra);
  }
  // The embedded driver re-prepares every statement on each call and applies a PRAGMA to one
  // pooled connection only: reuse statements, and set up every connection (statement-cache.ts).
  const baseSetup = `PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON${options.litestream ? "; PRAGMA wal_autocheckpoint = 0" : ""}`;
  const everyConnection = isFile && installStatementCache(baseSetup);
  const raw = createClient({ url, authToken, timeout: 10_000 } as Parameters<typeof createClient>[0]);
  // The embedded driver blocks the event loop while it waits for SQLite's write lock;
  // queue writes in-process instead (see write-lock.ts). On a server the wait would not block,
  // but the server has one writer too: taking turns here keeps our own transactions (the
  // write batcher's among them) from waiting for each other there, up to its busy timeout.
  const lock = new WriteLock();
  const client = serialiseWrites(raw, lock);
  // journal_mode is a property of the file: once is enough. The others are per connection, set
  // above on every one; without the cache (driver not found, remote server) they go here.
  if (isFile) await client.execute("PRAGMA journal_mode = WAL");
  if (isFile && !everyConnection) await client.execute("PRAGMA synchronous = NORMAL");
  if (isFile && !everyConnection && options.litestream) await client.execute("PRAGMA wal_autocheckpoint = 0");
  if (!everyConnection) await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client) as Db;
  // On a server, batches are transactions of the client itself (without the lock wrapper: the batcher holds the lock).
  const writes = new WriteBatcher(path, lock, isFile ? { setup: baseSetup } : { setup: "", remote: raw });
  // The checkpoint worker starts once writes come in volume (its thread costs ~3 MiB that an
  // idle server need not pay); from then on no connection of ours checkpoints on its own. Until
  // then SQLite checkpoints as usual, so nothing is lost either way.
  const checkpoints =
    isFile && !options.litestream
      ? checkpointOnDemand(path, {
          async onStarted() {
            const connectionSetup = `${baseSetup}; PRAGMA wal_autocheckpoint = 0`;
            if (everyConnection) installStatementCache(connectionSetup);
            writes.setConnectionSetup(connectionSetup);
            await client.execute("PRAGMA wal_autocheckpoint = 0");
            options.onCheckpointer?.(true);
          },
          onUnavailable: () => options.onCheckpointer?.(false),
        })
      : null;
  const reads = createReadPool({ path: isFile ? path : null, db });
  const close = () => {
    void reads.stop();
    writes.close();
    client.close();
    void checkpoints?.stop();
  };
  const startCheckpointer = () => checkpoints?.start() ?? Promise.resolve(false);
  return { client, db, writes, reads, url, startCheckpointer, close };
}
