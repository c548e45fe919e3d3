import type { Client, InStatement, Transaction, TransactionMode } from "@libsql/client";

/**
 * The process's one turn at writing: every writer (the client's statements and transactions
 * below, the write batcher) takes it, so at most one write transaction is open at a time.
 */
export class WriteLock {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly waitMs = 15_000) {}

  /** Resolves with a release function once every earlier writer has finished. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const previous = this.tail;
    this.tail = previous.then(() => mine);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // Give up our place without blocking those queued after us.
        previous.then(release);
        reject(Object.assign(new Error("database write lock wait timed out"), { code: "SQLITE_BUSY" }));
      }, this.waitMs);
      previous.then(() => {
        clearTimeout(timer);
        resolve(once(release));
      });
    });
  }
}

/**
 * Serialises writes to an embedded (file) libSQL database within this process.
 *
 * Why: the embedded driver runs each statement synchronously on the event loop. When one
 * request holds a write transaction open across an `await` and another request writes
 * on a second pooled connection, SQLite's busy handler sleeps *synchronously*: the event
 * loop freezes, the first transaction cannot finish, and after the busy timeout the
 * second write fails with SQLITE_BUSY (measured: 6 s frozen, two writes lost). SQLite
 * has one writer anyway, so waiting our turn asynchronously costs nothing. Reads are not
 * locked (WAL readers never wait for the writer).
 *
 * Code inside `db.transaction(async (tx) => ...)` must write through `tx`, not `db`:
 * a write through `db` there waits for its own transaction and fails after `waitMs`.
 */
export function serialiseWrites(client: Client, lock: WriteLock = new WriteLock()): Client {
  const acquire = () => lock.acquire();
  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    const release = await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  };
  const isRead = (stmt: InStatement) => /^\s*select\b/i.test(typeof stmt === "string" ? stmt : stmt.sql);

  return new Proxy(client, {
    get(target, prop, receiver) {
      switch (prop) {
        case "execute":
          return (stmt: InStatement, args?: unknown) => (isRead(stmt) ? target.execute(stmt as never, args as never) : locked(() => target.execute(stmt as never, args as never)));
        case "batch":
          return (stmts: InStatement[], mode?: TransactionMode) => locked(() => target.batch(stmts, mode));
        case "executeMultiple":
          return (sql: string) => locked(() => target.executeMultiple(sql));
        case "migrate":
          return (stmts: InStatement[]) => locked(() => target.migrate(stmts));
        case "transaction":
          return async (mode?: TransactionMode) => {
            if (mode === "read") return target.transaction(mode);
            const release = await acquire();
            try {
              return releasingOnEnd(await target.transaction(mode), release);
            } catch (err) {
              release();
              throw err;
            }
          };
        default: {
          const value = Reflect.get(target, prop, receiver);
          return typeof value === "function" ? value.bind(target) : value;
        }
      }
    },
  });
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}

/**
 * Whether a ROLLBACK failed only because the server had already ended the transaction. A libSQL
 * server (sqld) gives a write transaction's lock to another connection that waits for it once
 * the transaction is 5 s old, rolling it back: the transaction's next statement fails with
 * TRANSACTION_TIMEOUT and its ROLLBACK with "cannot rollback - no transaction is active".
 * Nothing is left to undo then, and the statement's error is the one worth reporting.
 */
export function alreadyEnded(err: unknown): boolean {
  return /no transaction is active/i.test(String((err as Error | null)?.message ?? err));
}

/** Rolls back; a transaction the server already ended counts as rolled back (see alreadyEnded). */
export async function rollbackUnlessEnded(tx: Pick<Transaction, "rollback">): Promise<void> {
  try {
    await tx.rollback();
  } catch (err) {
    if (!alreadyEnded(err)) throw err;
  }
}

/** The transaction, releasing the lock when it commits, rolls back or closes. */
function releasingOnEnd(tx: Transaction, release: () => void): Transaction {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === "commit" || prop === "rollback")
        return async () => {
          try {
            // drizzle's transaction() rolls back on any error and throws the ROLLBACK's error
            // instead: a server-ended transaction must not hide why the work failed.
            if (prop === "rollback") return await rollbackUnlessEnded(target);
            return await target.commit();
          } finally {
            release();
          }
        };
      if (prop === "close")
        return () => {
          try {
            target.close();
          } finally {
            release();
          }
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
