import { createClient, type Client } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSqld, type RunningSqld } from "../../tests/support/sqld.ts";
import { startSqldProxy, type SqldProxy } from "../../tests/support/sqld-proxy.ts";
import { type Database, openDatabase } from "./database.ts";
import { DatabaseBusyError } from "./errors.ts";

/**
 * The write batcher on a libSQL server whose transactions run long (a slow network, a loaded
 * server): sqld rolls a write transaction back once it is 5 s old and another connection waits
 * to write. The batcher keeps its transactions short, and runs a batch the server ended again.
 * The proxy in front of sqld plays the slow network; `other` is the second process writing.
 */
let sqld: RunningSqld;
let proxy: SqldProxy;
let database: Database;
let other: Client;
beforeAll(async () => {
  sqld = await startSqld();
  proxy = await startSqldProxy(sqld.url);
  database = await openDatabase(proxy.url);
  other = createClient({ url: sqld.url });
  await other.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT NOT NULL UNIQUE)");
  await other.execute("CREATE TABLE theirs (id INTEGER PRIMARY KEY)");
}, 60_000);
afterAll(async () => {
  database?.close();
  other?.close();
  await proxy?.close();
  await sqld?.stop();
});
beforeEach(async () => {
  proxy.setLatency(0);
  await other.execute("DELETE FROM t");
});

const isCommit = (body: string) => body.includes('"COMMIT"');
const rows = async () => (await other.execute("SELECT k FROM t ORDER BY id")).rows.map((r) => String(r.k));
/** A unit as the inbound pipeline writes one: a lookup, then its insert. */
const unit = (k: string) =>
  database.writes.run(({ db }) => {
    const known = db.get<{ id: number }>(sql`SELECT id FROM t WHERE k = ${k}`);
    if (!known) db.run(sql`INSERT INTO t (k) VALUES (${k})`);
    return k;
  });

describe("a batch whose transaction the libSQL server ended (TRANSACTION_TIMEOUT)", () => {
  it("runs again from the start: the caller is answered and its row exists once", async () => {
    // The batch's COMMIT is slow to arrive; meanwhile another process waits to write, so sqld ends the transaction at 5 s.
    const held = proxy.holdNext(6_000, isCommit);
    const write = unit("held");
    await held;
    const theirs = other.execute("INSERT INTO theirs DEFAULT VALUES");
    await expect(write).resolves.toBe("held");
    await theirs;
    expect(await rows()).toEqual(["held"]);
  }, 30_000);

  it("a statement inside the unit arriving after the server ended the transaction: the same", async () => {
    const held = proxy.holdNext(6_000, (b) => b.includes("mid-unit") && !isCommit(b));
    const write = unit("mid-unit");
    await held;
    const theirs = other.execute("INSERT INTO theirs DEFAULT VALUES");
    await expect(write).resolves.toBe("mid-unit");
    await theirs;
    expect(await rows()).toEqual(["mid-unit"]);
  }, 30_000);

  it("ended again on every try: the units fail with DatabaseBusyError (503 with Retry-After), nothing stored", async () => {
    const write = unit("never");
    const failed = write.then(
      () => null,
      (err: unknown) => err,
    );
    for (let i = 0; i < 3; i++) {
      await proxy.holdNext(6_000, isCommit);
      await other.execute("INSERT INTO theirs DEFAULT VALUES");
    }
    expect(await failed).toBeInstanceOf(DatabaseBusyError);
    expect(await rows()).toEqual([]);
  }, 60_000);
});

describe("a remote batch's transaction is bounded in time", () => {
  it("commits once it is a second old and runs the units left in the next batch, in their order", async () => {
    // 40 ms per round trip, two per unit: 60 units held in one transaction would take about 5 s.
    proxy.setLatency(40);
    const before = proxy.requests.filter(isCommit).length;
    const keys = Array.from({ length: 60 }, (_, i) => `u${i}`);
    const started = Date.now();
    expect(await Promise.all(keys.map(unit))).toEqual(keys);
    const commits = proxy.requests.filter(isCommit).length - before;
    expect(commits, `${Date.now() - started} ms`).toBeGreaterThanOrEqual(3);
    expect(await rows()).toEqual(keys);
  }, 60_000);
});

describe("a unit's last writes on a libSQL server", () => {
  it("ride with the transaction's next request (the next unit's read, or the COMMIT), and their results still reach the caller", async () => {
    const before = proxy.requests.length;
    const keys = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const results = await Promise.all(
      keys.map((k) =>
        database.writes.run(({ db }) => {
          db.get(sql`SELECT id FROM t WHERE k = ${k}`);
          // A write the unit does not look at: it waits for the next request.
          return db.run(sql`INSERT INTO t (k) VALUES (${k})`);
        }),
      ),
    );
    const requests = proxy.requests.length - before;
    // One request per unit (its read, carrying the unit before's insert), the last insert with the COMMIT, and the stream's close;
    // a request of its own per insert made it 41.
    expect(requests).toBeLessThanOrEqual(keys.length + 2);
    expect(results.map((r) => (r as { changes: number }).changes)).toEqual(keys.map(() => 1));
    expect(await rows()).toEqual(keys);
  }, 30_000);
});
