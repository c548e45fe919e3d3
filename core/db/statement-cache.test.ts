import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { tempDatabases } from "./testing/temp-database.ts";

const memos = sqliteTable("memos", { id: integer("id").primaryKey(), body: text("body").notNull() });

const databases = tempDatabases("atende-statements-");
afterEach(() => databases.close());

const fresh = () => databases.open("CREATE TABLE memos (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE);");

/**
 * A cached statement must never stay "in progress" after its call: SQLite then keeps the
 * connection's read transaction open past the next statement, and once another connection
 * commits, the first write on this one fails with SQLITE_BUSY_SNAPSHOT ("database is locked").
 */
describe("statement cache: no statement left running", () => {
  it("EXPLAIN QUERY PLAN through the client, then a read, another connection's commit and a client write", async () => {
    const { client, writes } = await fresh();
    for (const args of [["a"], []] as const) {
      const plan = await client.execute({ sql: `EXPLAIN QUERY PLAN SELECT id FROM memos WHERE body = ${args.length ? "?" : "'a'"}`, args: [...args] });
      expect(plan.rows.map((r) => String(r.detail)).join()).toContain("SEARCH memos");
      // Another statement on the same connection: its read transaction must end with it.
      await client.execute("SELECT count(*) FROM memos");
      await writes.run(({ db }) =>
        db
          .insert(memos)
          .values({ body: `batch ${args.length}` })
          .run(),
      );
      await expect(client.execute({ sql: "INSERT INTO memos (body) VALUES (?)", args: [`client ${args.length}`] })).resolves.toBeDefined();
    }
    expect(Number((await client.execute("SELECT count(*) AS n FROM memos")).rows[0]?.n)).toBe(4);
  });

  it("EXPLAIN (bytecode) and EXPLAIN QUERY PLAN inside a write unit, then the client writes", async () => {
    const { client, writes } = await fresh();
    const plans = await writes.run(({ db }) => {
      db.insert(memos).values({ body: "x" }).run();
      return [db.all(sql`EXPLAIN QUERY PLAN SELECT id FROM memos WHERE body = ${"x"}`), db.all(sql`EXPLAIN SELECT id FROM memos WHERE body = ${"x"}`)];
    });
    expect(plans[0]!.length).toBeGreaterThan(0);
    expect(plans[1]!.length).toBeGreaterThan(0);
    await client.execute("SELECT count(*) FROM memos");
    await expect(client.execute("INSERT INTO memos (body) VALUES ('after')")).resolves.toBeDefined();
    // And the batcher's connection writes again (a statement left running would refuse its COMMIT).
    await expect(writes.run(({ db }) => db.insert(memos).values({ body: "again" }).run())).resolves.toBeDefined();
  });

  it("a unit whose INSERT … RETURNING fails on a constraint leaves the connection usable", async () => {
    const { client, writes } = await fresh();
    await writes.run(({ db }) => db.insert(memos).values({ body: "dup" }).run());
    await expect(writes.run(({ db }) => db.insert(memos).values({ body: "dup" }).returning().get())).rejects.toThrow(/UNIQUE/);
    await client.execute("SELECT count(*) FROM memos");
    await writes.run(({ db }) => db.insert(memos).values({ body: "next" }).run());
    await expect(client.execute("INSERT INTO memos (body) VALUES ('client')")).resolves.toBeDefined();
    expect(Number((await client.execute("SELECT count(*) AS n FROM memos")).rows[0]?.n)).toBe(3);
  });
});
