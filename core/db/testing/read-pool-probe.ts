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
// idle: both threads free, one while a statement runs there, both again after it.
const idle = [pool.idle];
const running = pool.all(sql`select count(*) as n from items a, items b where a.id < ${300}`);
idle.push(pool.idle);
await running;
idle.push(pool.idle);
// A BLOB comes back as an ArrayBuffer, as from the main connection (the report's chunks: UTF-8
// written by SQLite, never a JS string).
const blobQuery = sql`select cast(group_concat(name, ',') as blob) as b from items where company_id = ${1} and id < ${10}`;
const blobOf = (rows: { b: unknown }[]) => {
  const b = rows[0]!.b;
  return b instanceof ArrayBuffer ? new TextDecoder().decode(b) : Object.prototype.toString.call(b);
};
const blobText = [blobOf(await pool.all<{ b: unknown }>(blobQuery)), blobOf(await database.db.all<{ b: unknown }>(blobQuery))];
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
    blobText,
    equal,
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
