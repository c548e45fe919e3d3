/**
 * Run by checkpointer.test.ts under Bun (vitest's Node has no Worker global): opens a
 * database, writes through the batcher until the WAL is well past SQLite's automatic
 * checkpoint threshold, waits for the worker, and prints what it found as one JSON line.
 *   bun core/db/testing/checkpointer-probe.ts <dir>             (the worker started at once)
 *   bun core/db/testing/checkpointer-probe.ts <dir> on-demand   (started by the writes' volume)
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../database.ts";

const [dir, mode] = [process.argv[2]!, process.argv[3]];
const told: boolean[] = [];
const database = await openDatabase(`file:${join(dir, "t.db")}`, undefined, { onCheckpointer: (running) => told.push(running) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const autocheckpoint = async () => (await database.writes.run(({ db }) => db.get<{ wal_autocheckpoint: number }>(sql`PRAGMA wal_autocheckpoint`)))?.wal_autocheckpoint;
const filler = "x".repeat(2_000);
/** 100 rows of 2 KB per round: ~50 WAL pages. */
const write = async (rounds: number) => {
  for (let round = 0; round < rounds; round++)
    await Promise.all(Array.from({ length: 100 }, () => database.writes.run(({ db }) => db.run(sql`INSERT INTO blobs (body) VALUES (${filler})`))));
};
await database.client.execute("CREATE TABLE IF NOT EXISTS blobs (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
let quiet: number | undefined;
if (mode === "on-demand") {
  // ~1 MB of writes: below the threshold, the worker is not started after a poll.
  await write(5);
  await sleep(1_300);
  quiet = await autocheckpoint();
  await write(15);
  await sleep(1_300);
} else {
  await database.startCheckpointer();
  await write(20);
}
const own = await autocheckpoint();
await sleep(800);
// Pages reach the database file only through a checkpoint, and ours has not run yet.
const dbBytes = statSync(join(dir, "t.db")).size;
// A PASSIVE checkpoint of ours now: how many WAL frames were still not copied back.
const result = (await database.client.execute("PRAGMA wal_checkpoint(PASSIVE)")).rows[0]!;
const [busy, log, checkpointed] = [Number(result[0]), Number(result[1]), Number(result[2])];
const rows = Number((await database.client.execute("SELECT count(*) AS n FROM blobs")).rows[0]?.n);
console.log(JSON.stringify({ quiet, autocheckpoint: own, told, busy, log, checkpointed, rows, dbBytes }));
database.close();
process.exit(0);
