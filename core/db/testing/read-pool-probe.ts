/**
 * Runs the read pool under Bun (vitest's Node has no Worker global): read-pool.test.ts reads the
 * JSON line this prints.
 *   bun core/db/testing/read-pool-probe.ts <dir>
 */
import { sql } from "drizzle-orm";
import { join } from "node:path";
import { openDatabase } from "../database.ts";
import { createReadPool, ReadInterrupted } from "../read-pool.ts";

const dir = process.argv[2]!;
const path = join(dir, "t.db");
const database = await openDatabase(`file:${path}`);
await database.client.executeMultiple(`
  create table items (id integer primary key, company_id integer not null, name text, price real, flag integer);
  create index items_company on items (company_id);`);
await database.client.execute("insert into items (company_id, name, price, flag) select value % 3, 'item ' || value, value / 7.0, value % 2 from generate_series(1, 5000)");
const pool = createReadPool({ path, db: database.db, size: 2 });
const queries = [
  sql`select company_id as company, count(*) as n, sum(price) as total, group_concat(name) as names from items where company_id = ${1} group by company_id`,
  sql`select id as id, name as name, price as price from items where company_id = ${2} and flag = ${true} order by id limit ${50}`,
  sql`select count(*) as n from items where name like ${"item 1%"}`,
];
const equal: boolean[] = [];
for (const q of queries) equal.push(JSON.stringify(await pool.all(q)) === JSON.stringify(await database.db.all(q)));
// Two at once on two threads, answers in their own order.
const [a, b] = await Promise.all([
  pool.all<{ n: number }>(sql`select count(*) as n from items`),
  pool.all<{ n: number }>(sql`select count(*) as n from items where company_id = ${0}`),
]);
const parallel = [a[0]!.n, b[0]!.n];
// A walk: the first column of every row in batches, the same text as one read joined.
const walked = sql`select 'item:' || id || ':' || name from items where company_id = ${1} order by id desc`;
const batches: string[] = [];
// idle: both threads free before the walk, one while it runs (it holds its thread between batches).
const idle = [pool.idle];
for await (const part of pool.texts(walked, { rows: 400 })) {
  if (!batches.length) idle.push(pool.idle);
  batches.push(part);
}
idle.push(pool.idle);
const whole = (await database.db.values<[string]>(walked)).map((r) => r[0]).join(",");
const texts = { equal: batches.join(",") === whole, batches: batches.length, rows: whole.split(",").length };
// bytes: the same walk as UTF-8 batches (a text column encoded, a BLOB as it is), handed over without a copy.
const decoder = new TextDecoder();
const byteWalk = async (query: typeof walked) => {
  const parts: string[] = [];
  for await (const part of pool.bytes(query, { rows: 400 })) parts.push(decoder.decode(part));
  return { equal: parts.join(",") === whole, batches: parts.length };
};
const bytes = [await byteWalk(walked), await byteWalk(sql`select cast('item:' || id || ':' || name as blob) from items where company_id = ${1} order by id desc`)];
// Left after the first batch (a download cancelled): the statement stops, its worker answers
// the next ones and sees later writes (the half-read walk's snapshot ended with it).
const single = createReadPool({ path, db: database.db, size: 1 });
for await (const _ of single.texts(walked, { rows: 10 })) break;
await database.client.execute("insert into items (company_id, name) values (8, 'after the cancel')");
const [afterCancel] = await single.all<{ n: number }>(sql`select count(*) as n from items where company_id = ${8}`);
await single.stop();
const none: string[] = [];
for await (const part of pool.texts(sql`select name from items where company_id = ${99}`, { rows: 10 })) none.push(part);
const textsBad = await (async () => {
  for await (const _ of pool.texts(sql`select nope from items`, { rows: 10 }));
  return "answered";
})().catch((err: Error) => err.message);
// A later write is seen by the next statement (the worker reads the WAL as committed).
await database.client.execute("insert into items (company_id, name) values (9, 'late')");
const [late] = await pool.all<{ n: number }>(sql`select count(*) as n from items where company_id = ${9}`);
// Writes refused: the connections are read-only.
const write = await pool.all(sql`delete from items`).then(
  () => "written",
  (err: Error) => err.message,
);
// A bad statement is that statement's error, the worker goes on.
const bad = await pool.all(sql`select nope from items`).then(
  () => "answered",
  (err: Error) => err.message,
);
// A worker that dies mid-statement (a stand-in: terminating a real worker inside the native
// driver aborts the process): that statement fails at once, the next one gets a fresh worker.
const dying = createReadPool({ path, db: database.db, size: 1, script: new URL("./dying-read-worker.ts", import.meta.url) });
const started = performance.now();
const killed = await dying.all(sql`select 'die'`).then(
  () => "answered",
  (err: Error) => (err instanceof ReadInterrupted ? "interrupted" : err.message),
);
const killedMs = Math.round(performance.now() - started);
const [after] = await dying.all<{ one: number }>(sql`select 1 as one`);
await dying.stop();
// A worker module that cannot start (missing from a build): the main connection answers, then and after.
const missing = createReadPool({ path, db: database.db, size: 2, script: new URL("./no-such-read-worker.ts", import.meta.url) });
const fallback = [
  ...(await missing.all<{ n: number }>(sql`select count(*) as n from items where company_id = ${1}`)),
  ...(await missing.all<{ n: number }>(sql`select count(*) as n from items where company_id = ${2}`)),
].map((r) => r.n);
const fallbackTexts: string[] = [];
for await (const part of missing.texts(sql`select id from items where company_id = ${1} and id < ${10} order by id`, { rows: 2, separator: "|" })) fallbackTexts.push(part);
const fallbackBytes: string[] = [];
for await (const part of missing.bytes(sql`select cast(id as blob) from items where company_id = ${1} and id < ${10} order by id`, { rows: 2, separator: "|" }))
  fallbackBytes.push(decoder.decode(part));
const fallbackThreaded = missing.threaded;
await missing.stop();
await pool.stop();
const stopped = await pool.all(sql`select 1 as one`).then(
  () => "answered",
  (err: Error) => (err instanceof ReadInterrupted ? "interrupted" : err.message),
);
database.close();
console.log(
  JSON.stringify({
    threaded: pool.threaded,
    idle,
    bytes,
    equal,
    texts,
    afterCancel: afterCancel!.n,
    none,
    textsBad,
    fallbackTexts,
    fallbackBytes,
    parallel,
    late: late!.n,
    write,
    bad,
    killed,
    killedMs,
    after: after!.one,
    fallback,
    fallbackThreaded,
    stopped,
  }),
);
process.exit(0);
