import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { runLitestream, startLitestream, writeLitestreamConfig } from "../../tests/support/litestream.ts";
import { openDatabase } from "./database.ts";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe("continuous backup with Litestream (LITESTREAM=1)", () => {
  it("replicates the database our writers change to a file replica, and a restore gives the same rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "atende-litestream-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "app.db");
    const database = await openDatabase(`file:${path}`, undefined, { litestream: true });
    cleanups.push(() => database.close());
    // Checkpoints are Litestream's: none of our connections makes one by itself.
    expect((await database.client.execute("PRAGMA wal_autocheckpoint")).rows[0]?.[0]).toBe(0);
    expect(await database.startCheckpointer()).toBe(false);
    await database.client.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    const write = (from: number, n: number) =>
      Promise.all(Array.from({ length: n }, (_, i) => database.writes.run(({ db }) => db.run(sql`INSERT INTO notes (body) VALUES (${`note ${from + i} ${"x".repeat(200)}`})`))));
    await write(0, 300);

    const config = join(dir, "litestream.yml");
    writeLitestreamConfig(config, path, join(dir, "replica"));
    const litestream = startLitestream(config);
    cleanups.push(() => litestream.stop());
    // Writes while it replicates: the batcher's and the client's, an update and a delete among them.
    await write(300, 700);
    await database.client.execute("UPDATE notes SET body = 'changed' WHERE id = 7");
    await database.client.execute("DELETE FROM notes WHERE id = 8");
    const expected = (await database.client.execute("SELECT id, body FROM notes ORDER BY id")).rows.map((r) => [r.id, r.body]);

    // Restore into a new folder until the replica caught up (it syncs every 100 ms).
    let restored: unknown[] = [];
    for (let attempt = 0; attempt < 50 && restored.length !== expected.length; attempt++) {
      await new Promise((r) => setTimeout(r, 300));
      const out = join(mkdtempSync(join(dir, "restore-")), "app.db");
      try {
        await runLitestream(["restore", "-config", config, "-o", out, path]);
      } catch {
        continue; // no generation yet
      }
      const copy = createClient({ url: `file:${out}` });
      try {
        restored = (await copy.execute("SELECT id, body FROM notes ORDER BY id")).rows.map((r) => [r.id, r.body]);
      } catch {
        restored = [];
      } finally {
        copy.close();
      }
    }
    expect(restored.length).toBe(999);
    expect(restored).toEqual(expected);
  }, 60_000);
});
