/**
 * The scheduled-messages sender (plugins/schedules, issue 16):
 *   (a) 10,000 schedules due in the same minute: time until every one is sent, each once
 *       (message stored with its delivery outbox row, schedule ENVIADA), checked by counting;
 *   (b) the idle tick with 100,000 future schedules (and the sent ones): ms per tick, and the
 *       tick's query plan (one search of the partial index, no scan).
 * An in-process kernel over a fresh embedded database (temp dir), the real sender
 * (`schedules.sendDue`); contacts through the contacts service, schedules bulk-inserted.
 * Delivery to the channel is the tickets plugin's outbox, measured elsewhere: not run here.
 *   bun tests/bench/schedules.ts
 * Overrides: BENCH_SCHEDULES=10000 BENCH_CONTACTS=1000 BENCH_IDLE=100000 BENCH_TICKS=200
 */
import { count, eq, sql } from "drizzle-orm";
import { loadavg } from "node:os";
import { schedules } from "../../plugins/schedules/schema/tables.ts";
import { dueRows } from "../../plugins/schedules/server/schedule-sender.ts";
import "../../plugins/schedules/server/schedules.contract.ts";
import "../../plugins/contacts/server/contacts.contract.ts";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { createTestKernel } from "../support/test-kernel.ts";
import { median, ms } from "./support.ts";

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const SCHEDULES = env("BENCH_SCHEDULES", 10_000);
const CONTACTS = env("BENCH_CONTACTS", 1_000);
const IDLE = env("BENCH_IDLE", 100_000);
const TICKS = env("BENCH_TICKS", 200);
const fmt = (n: number) => n.toLocaleString("en-US");

const t = await createTestKernel();
try {
  const db = t.kernel.db;
  const a = await createCompanyWithAdmin(t, "Bench");
  const connection = await t.call("POST", "/whatsapp", { token: a.token, body: { name: "Ponte API", channel: "api", webhookUrl: "" } });
  if (connection.status !== 200) throw new Error(`connection: ${JSON.stringify(connection.body)}`);
  const findOrCreate = t.kernel.services.require("contacts.findOrCreate");
  const contactIds: number[] = [];
  for (let i = 0; i < CONTACTS; i++) contactIds.push((await findOrCreate({ companyId: a.company.id, number: `5511${String(900000000 + i)}` })).id);

  /** Bulk rows for the schedules table, 500 per INSERT. */
  const insert = async (n: number, at: (i: number) => number) => {
    for (let start = 0; start < n; start += 500) {
      const rows = Array.from({ length: Math.min(500, n - start) }, (_, k) => {
        const i = start + k;
        const due = at(i);
        return {
          companyId: a.company.id,
          contactId: contactIds[i % contactIds.length]!,
          userId: a.user.id,
          body: `Lembrete número ${i}`,
          sendAt: new Date(due).toISOString(),
          dueAt: due,
        };
      });
      await db.insert(schedules).values(rows);
    }
  };

  // (a) all due in the same minute
  const minute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  await insert(SCHEDULES, (i) => minute + (i % 60) * 1000);
  const sendDue = t.kernel.services.require("schedules.sendDue");
  const started = performance.now();
  let ticks = 0;
  // A tick sends at most 10,000 (100 batches of 100): run ticks until one sends nothing.
  while ((await sendDue()) > 0) ticks++;
  const seconds = (performance.now() - started) / 1000;
  const [done] = await db.select({ n: count() }).from(schedules).where(sql`${schedules.status} = 'ENVIADA' AND ${schedules.timesSent} = 1`);
  const messages = await t.kernel.database.client.execute({ sql: "SELECT count(*) AS n FROM messages WHERE company_id = ? AND from_me = 1", args: [a.company.id] });
  const outbox = await t.kernel.database.client.execute("SELECT count(*) AS n FROM jobs WHERE kind = 'tickets.deliver'");
  const again = await sendDue();
  const onceEach = done!.n === SCHEDULES && Number(messages.rows[0]!.n) === SCHEDULES && Number(outbox.rows[0]!.n) === SCHEDULES && again === 0;

  // (b) the idle tick
  const future = Date.now() + 86_400_000;
  await insert(IDLE, (i) => future + i * 60_000);
  const [pending] = await db.select({ n: count() }).from(schedules).where(eq(schedules.status, "PENDENTE"));
  const { sql: tickSql, params } = dueRows(db, Date.now()).toSQL();
  const plan = await t.kernel.database.client.execute({ sql: `EXPLAIN QUERY PLAN ${tickSql}`, args: params as never });
  for (let i = 0; i < 10; i++) await sendDue(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    const t0 = performance.now();
    const n = await sendDue();
    times.push(performance.now() - t0);
    if (n !== 0) throw new Error("an idle tick sent something");
  }

  console.log(`schedules bench (load ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `  due in one minute: ${fmt(SCHEDULES)} schedules to ${fmt(CONTACTS)} contacts sent in ${seconds.toFixed(2)} s (${fmt(Math.round(SCHEDULES / seconds))} sends/s, ${ticks} ticks); each once: ${onceEach ? "yes" : "NO"} (${fmt(done!.n)} ENVIADA, ${fmt(Number(messages.rows[0]!.n))} messages, ${fmt(Number(outbox.rows[0]!.n))} outbox rows, a further tick sent ${again})`,
  );
  console.log(
    `  idle tick with ${fmt(pending!.n)} future and ${fmt(done!.n)} sent schedules: median ${ms(median(times))}, max ${ms(Math.max(...times))} per tick over ${TICKS} ticks; plan: ${plan.rows.map((r) => r.detail).join(" | ")}`,
  );
  if (!onceEach) process.exitCode = 1;
} finally {
  await t.close();
}
