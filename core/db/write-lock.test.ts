import { afterEach, describe, expect, it } from "vitest";
import { tempDatabases } from "./testing/temp-database.ts";

const databases = tempDatabases("atende-lock-");
afterEach(() => databases.close());

const fresh = async () => (await databases.open("CREATE TABLE t (x INTEGER)")).client;

describe("writes to the embedded database while a transaction is open", () => {
  it("wait their turn instead of freezing the server and failing with SQLITE_BUSY", async () => {
    const c = await fresh();
    const started = performance.now();
    const slowTx = (async () => {
      const tx = await c.transaction("write");
      await tx.execute("INSERT INTO t VALUES (1)");
      await new Promise((r) => setTimeout(r, 50)); // a request awaiting mid-transaction
      await tx.execute("INSERT INTO t VALUES (2)");
      await tx.commit();
    })();
    await new Promise((r) => setTimeout(r, 5));
    const plainWrite = c.execute("INSERT INTO t VALUES (3)");
    const otherTx = (async () => {
      const tx = await c.transaction("write");
      await tx.execute("INSERT INTO t VALUES (4)");
      await tx.commit();
    })();
    await Promise.all([slowTx, plainWrite, otherTx]);
    expect(Number((await c.execute("SELECT count(*) AS n FROM t")).rows[0]?.n)).toBe(4);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("reads are not held up by an open transaction", async () => {
    const c = await fresh();
    const tx = await c.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    const read = await c.execute("SELECT count(*) AS n FROM t");
    expect(Number(read.rows[0]?.n)).toBe(0); // WAL: the reader sees the last commit
    await tx.commit();
  });

  it("a failed or rolled-back transaction releases the lock", async () => {
    const c = await fresh();
    await databases.database.db
      .transaction(async (tx) => {
        await tx.run("INSERT INTO t VALUES (1)" as never);
        throw new Error("boom");
      })
      .catch(() => {});
    const tx = await c.transaction("write");
    await tx.rollback();
    await c.execute("INSERT INTO t VALUES (2)");
    expect(Number((await c.execute("SELECT count(*) AS n FROM t")).rows[0]?.n)).toBe(1);
  });

  it("100 concurrent drizzle transactions all commit", async () => {
    await fresh();
    await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        databases.database.db.transaction(async (tx) => {
          await tx.run(`INSERT INTO t VALUES (${i})` as never);
          await new Promise((r) => setTimeout(r, 1));
          await tx.run(`INSERT INTO t VALUES (${i})` as never);
        }),
      ),
    );
    expect(Number((await databases.database.client.execute("SELECT count(*) AS n FROM t")).rows[0]?.n)).toBe(200);
  });
});
