import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { type RunningSqld, startSqld } from "../../tests/support/sqld.ts";
import type { Database } from "./database.ts";
import { tempDatabases } from "./testing/temp-database.ts";

const notes = sqliteTable("notes", { id: integer("id").primaryKey(), body: text("body").notNull() });

// Every behaviour holds on the embedded file and on a libSQL server (remote mode, remote-units.ts).
describe.each([["embedded file"], ["libSQL server"]])("write batcher (group commit) on an %s", (mode) => {
  let server: RunningSqld | null = null;
  beforeAll(async () => {
    if (mode === "libSQL server") server = await startSqld();
  }, 30_000);
  afterAll(() => server?.stop());

  const databases = tempDatabases(
    "atende-batch-",
    mode === "libSQL server"
      ? () => {
          if (!server) throw new Error("sqld did not start");
          return server.url;
        }
      : undefined,
  );
  afterEach(() => databases.close());

  const fresh = () =>
    databases.open(`
    CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED);
  `);

  const count = async (table = "notes") => Number((await databases.database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);

  it("runs units queued together in one transaction and answers each with its own result, durable when answered", async () => {
    const { writes } = await fresh();
    const commits: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        writes.run(({ db, afterCommit }) => {
          afterCommit(() => void commits.push(i));
          return db
            .insert(notes)
            .values({ body: `n${i}` })
            .returning()
            .get();
        }),
      ),
    );
    expect(results.map((r) => r.body)).toEqual(Array.from({ length: 50 }, (_, i) => `n${i}`));
    // Visible to the client's other connections as soon as the caller is answered.
    expect(await count()).toBe(50);
    expect(commits).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it("the after-commit writes of a batch's units share the next batch instead of one batch each", async () => {
    const { writes } = await fresh();
    let batches = 0;
    writes.aroundEachBatch({ begin: () => void batches++, end: () => {} });
    const order: string[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writes.run(({ db, afterCommit }) => {
          db.insert(notes)
            .values({ body: `first ${i}` })
            .run();
          // An announcement that queues durable work (a webhook job) once the unit committed.
          afterCommit(async () => {
            order.push(`announce ${i}`);
            await writes.run(({ db: next }) =>
              next
                .insert(notes)
                .values({ body: `then ${i}` })
                .run(),
            );
          });
        }),
      ),
    );
    expect(await count()).toBe(20);
    expect(batches).toBe(2);
    // Each unit's callbacks still start in the batch's order.
    expect(order).toEqual(Array.from({ length: 10 }, (_, i) => `announce ${i}`));
  });

  it("undoes only the failing unit's writes and rejects only its caller", async () => {
    const { writes } = await fresh();
    const announced: string[] = [];
    const outcomes = await Promise.allSettled([
      writes.run(({ db }) => db.insert(notes).values({ body: "a" }).run()),
      writes.run(({ db, afterCommit }) => {
        db.insert(notes).values({ body: "b" }).run();
        afterCommit(() => void announced.push("b"));
        db.insert(notes).values({ body: "a" }).run(); // unique violation after a write of its own
      }),
      writes.run(({ db, afterCommit }) => {
        afterCommit(() => void announced.push("c"));
        return db.insert(notes).values({ body: "c" }).run();
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    const rows = await databases.database.client.execute("SELECT body FROM notes ORDER BY body");
    expect(rows.rows.map((r) => r.body)).toEqual(["a", "c"]);
    expect(announced).toEqual(["c"]);
  });

  it("runs the other units again only when the failing one had written something", async () => {
    const { writes } = await fresh();
    const runs = { a: 0, c: 0 };
    const batch = (fail: () => void) =>
      Promise.allSettled([
        writes.run(({ db }) => {
          runs.a++;
          db.insert(notes)
            .values({ body: `a${runs.a}` })
            .run();
        }),
        writes.run(fail),
        writes.run(({ db }) => {
          runs.c++;
          db.insert(notes)
            .values({ body: `c${runs.c}` })
            .run();
        }),
      ]);
    // Refused before any write (a validation, a duplicate found by a lookup): nothing to undo.
    await batch(() => {
      throw new Error("invalid");
    });
    expect(runs).toEqual({ a: 1, c: 1 });
    // Refused after a write: the transaction is rolled back, and a (which had run) and c run in a new one.
    const late = await Promise.allSettled([
      writes.run(({ db }) => {
        runs.a++;
        db.insert(notes)
          .values({ body: `a${runs.a}` })
          .run();
      }),
      writes.run(({ db }) => {
        db.insert(notes).values({ body: "never kept" }).run();
        // A read after the write: on a server too, the write has reached the transaction by then.
        db.get(sql`SELECT count(*) FROM notes`);
        throw new Error("after writing");
      }),
      writes.run(({ db }) => {
        runs.c++;
        db.insert(notes)
          .values({ body: `c${runs.c}` })
          .run();
      }),
    ]);
    expect(late.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(runs).toEqual({ a: 3, c: 2 });
    const bodies = (await databases.database.client.execute("SELECT body FROM notes ORDER BY id")).rows.map((r) => r.body);
    expect(bodies).toEqual(["a1", "c1", "a3", "c2"]);
  });

  it("refuses a unit that returns a promise, without keeping its writes", async () => {
    const { writes } = await fresh();
    const asyncUnit = writes.run(async ({ db }) => {
      db.insert(notes).values({ body: "x" }).run();
    });
    await expect(asyncUnit).rejects.toThrow(/synchronous/);
    expect(await count()).toBe(0);
  });

  it("fails every unit of a batch whose commit fails, keeping none of their writes", async () => {
    const { writes } = await fresh();
    const outcomes = await Promise.allSettled([
      writes.run(({ db }) => db.insert(notes).values({ body: "kept?" }).run()),
      // A deferred foreign key is checked at COMMIT: the whole transaction is refused.
      writes.run(({ db }) => db.run(sql`INSERT INTO children (parent_id) VALUES (42)`)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
    expect(await count()).toBe(0);
    expect(await count("children")).toBe(0);
    // The connection is usable again afterwards.
    await writes.run(({ db }) => db.insert(notes).values({ body: "after" }).run());
    expect(await count()).toBe(1);
  });

  it("takes turns with the client's writes and transactions instead of failing with SQLITE_BUSY", async () => {
    const { writes, client } = await fresh();
    const slowTx = (async () => {
      const tx = await client.transaction("write");
      await tx.execute("INSERT INTO notes (body) VALUES ('tx1')");
      await new Promise((r) => setTimeout(r, 30));
      await tx.execute("INSERT INTO notes (body) VALUES ('tx2')");
      await tx.commit();
    })();
    await new Promise((r) => setTimeout(r, 5));
    const batched = Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        writes.run(({ db }) =>
          db
            .insert(notes)
            .values({ body: `b${i}` })
            .run(),
        ),
      ),
    );
    const plain = client.execute("INSERT INTO notes (body) VALUES ('plain')");
    await Promise.all([slowTx, batched, plain]);
    expect(await count()).toBe(13);
  });

  it("prepared statements are reused across batches on the batcher's connection", async () => {
    const { writes } = await fresh();
    const prepared = new WeakMap<object, { run(v: { body: string }): unknown }>();
    const insert = (i: number) =>
      writes.run(({ db }) => {
        let stmt = prepared.get(db);
        if (!stmt)
          prepared.set(
            db,
            (stmt = db
              .insert(notes)
              .values({ body: sql.placeholder("body") })
              .prepare()),
          );
        stmt.run({ body: `p${i}` });
      });
    await insert(1);
    await insert(2);
    expect(await count()).toBe(2);
  });

  it("runs hooks around every batch's transaction, again when a batch starts over, and fails the batch when one throws", async () => {
    const { writes } = await fresh();
    const calls: string[] = [];
    let failEnd = false;
    writes.aroundEachBatch({
      // Inside the transaction: a hook's writes commit or roll back with the batch.
      begin: (db, units) => void calls.push(`begin ${db.get<{ n: number }>(sql`SELECT count(*) AS n FROM notes`).n} (${units} units)`),
      end: (db) => {
        if (failEnd) throw new Error("end failed");
        db.run(sql`INSERT INTO notes (body) VALUES ('end of batch ' || (SELECT count(*) FROM notes))`);
        calls.push("end");
      },
    });
    await Promise.allSettled([
      writes.run(({ db }) => db.insert(notes).values({ body: "a" }).run()),
      writes.run(({ db }) => {
        db.insert(notes).values({ body: "b" }).run();
        db.get(sql`SELECT count(*) FROM notes`);
        throw new Error("after writing");
      }),
    ]);
    // The first transaction was rolled back (b wrote, then failed), so begin ran twice (the second
    // time for the unit left) and end once.
    expect(calls).toEqual(["begin 0 (2 units)", "begin 0 (1 units)", "end"]);
    expect((await databases.database.client.execute("SELECT body FROM notes ORDER BY id")).rows.map((r) => r.body)).toEqual(["a", "end of batch 1"]);
    failEnd = true;
    await expect(writes.run(({ db }) => db.insert(notes).values({ body: "c" }).run())).rejects.toThrow(/end failed/);
    expect(await count()).toBe(2);
  });

  it("throws a statement's error where the unit issued it, so a unit may catch it and go on", async () => {
    const { writes } = await fresh();
    await writes.run(({ db }) => db.insert(notes).values({ body: "taken" }).run());
    const seen = await writes.run(({ db }) => {
      let duplicate = false;
      try {
        db.insert(notes).values({ body: "taken" }).run();
      } catch {
        duplicate = true;
      }
      db.insert(notes)
        .values({ body: duplicate ? "duplicate noted" : "no duplicate" })
        .run();
      return duplicate;
    });
    expect(seen).toBe(true);
    expect((await databases.database.client.execute("SELECT body FROM notes ORDER BY id")).rows.map((r) => r.body)).toEqual(["taken", "duplicate noted"]);
  });

  it.runIf(mode === "libSQL server")("never holds the event loop while a unit waits for the server", async () => {
    const { writes } = await fresh();
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    spin();
    let first: number | null = null;
    const during = await writes.run(({ db }) => {
      first ??= turns;
      for (let i = 0; i < 5; i++)
        db.insert(notes)
          .values({ body: `r${i}` })
          .run();
      // Each read needs an answer from the server: the embedded driver's remote connection waited for it synchronously.
      for (let i = 0; i < 5; i++) db.get(sql`SELECT count(*) FROM notes`);
      return turns - (first ?? turns);
    });
    spinning = false;
    expect(during).toBeGreaterThan(0);
    expect(await count()).toBe(5);
  });

  it("a unit whose in-memory cache skips a read when run again still lands (plugins' start-rule caches)", async () => {
    const { writes } = await fresh();
    await writes.run(({ db }) => db.insert(notes).values({ body: "seed" }).run());
    let cached: string | null = null;
    const result = await writes.run(({ db }) => {
      cached ??= db.select().from(notes).get()?.body ?? null;
      db.insert(notes)
        .values({ body: `after ${cached}` })
        .run();
      return db.select({ n: sql<number>`count(*)` }).from(notes).get()?.n;
    });
    expect(result).toBe(2);
    expect(await count()).toBe(2);
  });

  it("a unit whose cache expires between two runs (an extra read on the second) starts its batch over and lands once", async () => {
    const { writes } = await fresh();
    let runs = 0;
    const result = await writes.run(({ db }) => {
      runs++;
      // The second run reads first, as a cache emptied by another process's event would.
      if (runs === 2) db.select().from(notes).all();
      db.insert(notes)
        .values({ body: `run ${runs}` })
        .run();
      return db.select({ n: sql<number>`count(*)` }).from(notes).get()?.n;
    });
    expect(result).toBe(1);
    expect(await count()).toBe(1);
  });

  it("rejects units after close", async () => {
    const { writes } = await fresh();
    writes.close();
    await expect(writes.run(() => 1)).rejects.toThrow(/closed/);
  });
});

/**
 * Several processes on one file (WORKERS): another process holding SQLite's write lock. The holder
 * here is a child process with its own connection that BEGINs IMMEDIATE, writes, and then commits
 * after `holdMs` or never (it is killed).
 */
describe("write batcher while another process holds the file's write lock", () => {
  const databases = tempDatabases("atende-batch-turn-");
  afterEach(() => databases.close());

  const HOLDER = `
    const [path, holdMs] = process.argv.slice(-2);
    const Database = require("libsql");
    const db = new Database(path, { timeout: 0 });
    db.exec("BEGIN IMMEDIATE");
    db.exec("INSERT INTO notes (body) VALUES ('holder')");
    console.log("held");
    if (Number(holdMs) >= 0) setTimeout(() => { const at = Date.now(); db.exec("COMMIT"); console.log("released at " + at + ";"); }, Number(holdMs));
    setInterval(() => {}, 1000);
  `;
  /**
   * Starts the holder; resolves once it holds the lock, with when it let go: the holder's own
   * Date.now() just before its COMMIT (our reading of its stdout may come after our own commit).
   */
  async function holder(path: string, holdMs: number): Promise<{ child: ChildProcess; released: Promise<number> }> {
    const child = spawn(process.execPath, ["-e", HOLDER, path, String(holdMs)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const waiting: (() => void)[] = [];
    child.stdout!.on("data", (d) => {
      out += d;
      for (const check of waiting) check();
    });
    const seen = (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((done) => {
        const check = () => {
          const match = out.match(pattern);
          if (match) done(match);
        };
        waiting.push(check);
        check();
      });
    await seen(/held/);
    return { child, released: seen(/released at (\d+);/).then((match) => Number(match[1])) };
  }
  const fileOf = (url: string) => url.replace(/^file:/, "");
  const bodies = async (database: Database) => (await database.client.execute("SELECT body FROM notes ORDER BY id")).rows.map((r) => r.body);

  it("waits without freezing this process's event loop, and commits right after the holder does", async () => {
    const database = await databases.open("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const { child, released } = await holder(fileOf(database.url), 400);
    try {
      let ticks = 0;
      const ticker = setInterval(() => ticks++, 5);
      const stored = database.writes.run(({ db }) => db.insert(notes).values({ body: "mine" }).run());
      const [done, freed] = await Promise.all([stored.then(() => Date.now()), released]);
      clearInterval(ticker);
      // SQLite's busy handler sleeps inside the call: no timer would fire until the holder let go.
      expect(ticks).toBeGreaterThan(20);
      expect(done).toBeGreaterThanOrEqual(freed);
      expect(done - freed).toBeLessThan(300); // retries every 4 ms; the margin is for a loaded CI machine
      expect(await bodies(database)).toEqual(["holder", "mine"]);
      expect(database.writes.stats.busyRetries).toBeGreaterThan(0);
    } finally {
      child.kill("SIGKILL");
    }
  }, 15_000);

  it("a holder that dies mid-transaction frees the file at once: its writes are gone, ours land", async () => {
    const database = await databases.open("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const { child } = await holder(fileOf(database.url), -1);
    const stored = database.writes.run(({ db }) => db.insert(notes).values({ body: "mine" }).run());
    await new Promise((r) => setTimeout(r, 200));
    const killed = performance.now();
    child.kill("SIGKILL");
    await stored;
    // The lock is the OS's: it goes with the process. (SQLite's busy handler froze this process
    // instead, the kill never ran, and the write failed after the busy timeout.)
    expect(performance.now() - killed).toBeLessThan(1_000);
    expect(await bodies(database)).toEqual(["mine"]);
  }, 15_000);
});
