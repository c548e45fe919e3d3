import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSqld, type RunningSqld } from "../../tests/support/sqld.ts";
import { type Database, openDatabase } from "./database.ts";

/**
 * Transactions on a libSQL server held past its 5 s limit while another connection waits for
 * the write lock (two server processes on one sqld): sqld rolls the old one back and hands the
 * lock over. The work must fail with that reason, not with the ROLLBACK's "cannot rollback -
 * no transaction is active" (the 500 the two-process proof used to see on POST /whatsapp).
 */
let sqld: RunningSqld;
let database: Database;
beforeAll(async () => {
  sqld = await startSqld();
  database = await openDatabase(sqld.url);
  await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
}, 60_000);
afterAll(async () => {
  database?.close();
  await sqld?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a transaction the libSQL server ended (lock handed to another connection)", () => {
  it("fails with the server's reason, and the lock of this process is free again", async () => {
    const other = createClient({ url: sqld.url });
    let otherWrite: Promise<unknown> | undefined;
    const work = database.db.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO t (v) VALUES ('mine')`);
      // Another process writes meanwhile: sqld makes it wait until this transaction is 5 s old.
      otherWrite = other.execute("INSERT INTO t (v) VALUES ('theirs')");
      await sleep(5_600);
      await tx.run(sql`INSERT INTO t (v) VALUES ('mine too')`);
    });
    const error = await work.then(
      () => null,
      (err: unknown) => err as Error,
    );
    await otherWrite;
    other.close();
    // drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
    const reason = `${error?.message} ${(error?.cause as Error | undefined)?.message}`;
    expect(reason).toMatch(/TRANSACTION_TIMEOUT/);
    expect(reason).not.toMatch(/cannot rollback/);
    const rows = await database.client.execute("SELECT v FROM t ORDER BY id");
    expect(rows.rows.map((r) => r.v)).toEqual(["theirs"]);
    // The process's write turn was given back: the next write goes through.
    await database.db.transaction(async (tx) => void (await tx.run(sql`INSERT INTO t (v) VALUES ('after')`)));
    expect((await database.client.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(2);
  }, 30_000);
});
