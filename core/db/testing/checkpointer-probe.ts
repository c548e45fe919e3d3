/**
 * Run by checkpointer.test.ts under Bun (vitest's Node has no Worker global): opens a
 * database, writes through the batcher until the WAL is well past SQLite's automatic
 * checkpoint threshold, waits for the worker, and prints what it found as one JSON line.
 *   bun core/db/testing/checkpointer-probe.ts <dir>
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../database.ts";

const dir = process.argv[2]!;
const database = await openDatabase(`file:${join(dir, "t.db")}`);
await database.ready;
await database.client.execute("CREATE TABLE IF NOT EXISTS blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
const filler = "x".repeat(2_000);
for (let round = 0; round < 20; round++)
  await Promise.all(Array.from({ length: 100 }, () => database.writes.run(({ db }) => db.run(sql`INSERT INTO blobs (body) VALUES (${filler})`))));
const own = await database.writes.run(({ db }) => db.get<{ wal_autocheckpoint: number }>(sql`PRAGMA wal_autocheckpoint`));
await new Promise((r) => setTimeout(r, 800));
// Pages reach the database file only through a checkpoint, and ours has not run yet.
const dbBytes = statSync(join(dir, "t.db")).size;
// A PASSIVE checkpoint of ours now: how many WAL frames were still not copied back.
const result = (await database.client.execute("PRAGMA wal_checkpoint(PASSIVE)")).rows[0]!;
const [busy, log, checkpointed] = [Number(result[0]), Number(result[1]), Number(result[2])];
const rows = Number((await database.client.execute("SELECT count(*) AS n FROM blobs")).rows[0]?.n);
console.log(JSON.stringify({ autocheckpoint: own?.wal_autocheckpoint, busy, log, checkpointed, rows, dbBytes }));
database.close();
process.exit(0);
