/**
 * The lifecycle's expiry tick (issue 14) at scale: 100,000 tickets of which 10,000 are open,
 * spread over 10 connections (the default plan's limit) that all set expiresTicket (24 hours), timeInactiveMessage
 * (60 minutes) and expiresTicketNPS; the open tickets' clocks spread over the last day. Each
 * tick is the kernel job the schedule enqueues (`tickets.expiry`: claim with a lease, the
 * one compound query, the closes and warnings of what is due in one transaction with the
 * texts' outbox rows, the announcements), the texts themselves timed apart (their jobs),
 * measured with the tickets that crossed their line in that minute (~7 expiries and ~7
 * warnings, 10,000 open tickets over 24 hours), and once with none due.
 *   bun tests/bench/ticket-expiry.ts
 * Overrides: BENCH_TICKETS=100000 BENCH_OPEN=10000 BENCH_TICKS=30
 */
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { createTestKernel } from "../support/test-kernel.ts";
import { median, ms, percentile } from "./support.ts";

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TICKETS = env("BENCH_TICKETS", 100_000);
const OPEN = env("BENCH_OPEN", 10_000);
const TICKS = env("BENCH_TICKS", 30);
const CONNECTIONS = 10;
const AIM_MS = 100;

const t = await createTestKernel();
const client = t.kernel.database.client;
const admin = await t.login();
const companyId = admin.user.companyId as number;
const connectionIds: number[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  const res = await t.call("POST", "/whatsapp", {
    token: admin.token,
    body: { name: `API ${i}`, channel: "api", expiresTicket: 24, timeInactiveMessage: 60, inactiveMessage: "Ainda está aí?", expiresInactiveMessage: "Encerrado por inatividade." },
  });
  if (res.status !== 200) throw new Error(`POST /whatsapp: ${res.status} ${JSON.stringify(res.body)}`);
  connectionIds.push(res.body.id);
}

const started = performance.now();
const HOUR = 3_600_000;
const now = Date.now();
await client.execute({
  sql: `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
        INSERT INTO contacts (company_id, name, number, created_at, updated_at) SELECT ?, 'Cliente ' || x, '5511' || (900000000 + x), ?, ? FROM n`,
  args: [TICKETS, companyId, new Date(now).toISOString(), new Date(now).toISOString()],
});
const [{ first }] = (await client.execute({ sql: "SELECT min(id) AS first FROM contacts WHERE company_id = ? AND name LIKE 'Cliente %'", args: [companyId] })).rows as unknown as {
  first: number;
}[];
// Open tickets: clocks spread evenly over the last 23.5 hours (none due yet) and already
// warned, so each tick finds only what the bench makes due; closed ones: 30 days of history.
await client.execute({
  sql: `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?1),
        r AS (SELECT x, CASE WHEN x <= ?2 THEN 'open' ELSE 'closed' END AS status,
                     strftime('%Y-%m-%dT%H:%M:%fZ', (?3 - CASE WHEN x <= ?2 THEN x * 84600000.0 / ?2 ELSE x * 2592000000.0 / ?1 END) / 1000.0, 'unixepoch') AS at FROM n)
        INSERT INTO tickets (uuid, company_id, status, contact_id, whatsapp_id, user_id, channel, last_message, activity_at, agent_activity_at, warned_at, created_at, updated_at)
        SELECT lower(hex(randomblob(16))), ?4, status, ?5 + x - 1, json_extract(?6, '$[' || (x % CAST(?7 AS INTEGER)) || ']'), ?8, 'api', 'oi', at, at,
               CASE WHEN status = 'open' THEN strftime('%Y-%m-%dT%H:%M:%fZ', ?3 / 1000.0, 'unixepoch') END, at, at
        FROM r`,
  args: [TICKETS, OPEN, now, companyId, first, JSON.stringify(connectionIds), CONNECTIONS, admin.user.id],
});
const [{ open, total }] = (await client.execute({ sql: "SELECT sum(status = 'open') AS open, count(*) AS total FROM tickets WHERE company_id = ?", args: [companyId] }))
  .rows as unknown as {
  open: number;
  total: number;
}[];
console.log(
  `ticket-expiry bench: ${total.toLocaleString("en-US")} tickets (${open.toLocaleString("en-US")} open) over ${CONNECTIONS} connections, generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// The plan of one branch, read on a connection of its own (an EXPLAIN left on the kernel's
// cached statements would hold its read snapshot open).
{
  const side = createClient({ url: `file:${join(t.dataDir, "app.db")}` });
  const plan = await side.execute(
    "EXPLAIN QUERY PLAN SELECT t.id FROM whatsapps_view w CROSS JOIN tickets t ON t.whatsapp_id = w.id AND t.status = 'open' AND t.activity_at < '2026' WHERE w.expires_ticket > 0",
  );
  console.log(`plan of one branch: ${plan.rows.map((r) => String(r.detail)).join(" | ")}`);
  side.close();
}

const iso = (at: number) => new Date(at).toISOString();
const [{ firstOpen }] = (await client.execute({ sql: "SELECT min(id) AS firstOpen FROM tickets WHERE company_id = ? AND status = 'open'", args: [companyId] })).rows as unknown as {
  firstOpen: number;
}[];
/** What one minute makes due: ~OPEN/1440 tickets past 24 hours and as many past the 60-minute warning. */
const PER_MINUTE = Math.max(1, Math.round(OPEN / 1440));
let cursor = firstOpen;
async function makeDue(count: number) {
  const old = iso(Date.now() - 24 * HOUR - 60_000);
  const idle = iso(Date.now() - HOUR - 60_000);
  await client.execute({ sql: "UPDATE tickets SET activity_at = ?, agent_activity_at = ? WHERE id >= ? AND id < ? AND status = 'open'", args: [old, old, cursor, cursor + count] });
  cursor += count;
  await client.execute({
    sql: "UPDATE tickets SET activity_at = ?, agent_activity_at = ?, warned_at = NULL WHERE id >= ? AND id < ? AND status = 'open'",
    args: [idle, idle, cursor, cursor + count],
  });
  cursor += count;
}

let dedupe = 0;
const textRuns: number[] = [];
async function tick(): Promise<number> {
  // Deliveries the previous tick's texts queued are the channel's work: out of the measure.
  await client.execute("DELETE FROM jobs");
  const begin = performance.now();
  await t.kernel.jobs.enqueue("tickets.expiry", {}, { dedupeKey: `bench:${++dedupe}` });
  await t.kernel.jobs.runDue();
  const ticked = performance.now() - begin;
  // The texts the tick owes are jobs of their own (its outbox), run by the next poll: timed apart.
  const texts = performance.now();
  if ((await t.kernel.jobs.runDue()) > 0) textRuns.push(performance.now() - texts);
  return ticked;
}

// The generated rows out of the WAL before measuring, as a running server's checkpointer keeps it.
await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
// Warm-up (prepared statements, page cache).
await makeDue(PER_MINUTE);
await tick();
if (process.env.BENCH_DEBUG) console.log(JSON.stringify((await client.execute("SELECT kind, status, last_error FROM jobs")).rows));

const idleTicks: number[] = [];
for (let i = 0; i < TICKS; i++) idleTicks.push(await tick());
const busyTicks: number[] = [];
for (let i = 0; i < TICKS; i++) {
  await makeDue(PER_MINUTE);
  busyTicks.push(await tick());
}
const [{ closed, warned }] = (
  await client.execute({
    sql: "SELECT sum(type = 'expired') AS closed, sum(type = 'inactive') AS warned FROM ticket_logs WHERE company_id = ?",
    args: [companyId],
  })
).rows as unknown as { closed: number; warned: number }[];

const [{ failed }] = (await client.execute("SELECT count(*) AS failed FROM jobs WHERE kind = 'tickets.expiry' AND status <> 'done'")).rows as unknown as { failed: number }[];
if (failed) console.log(`WARNING: ${failed} expiry job(s) of the last tick did not complete`);
const line = (name: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`${name.padEnd(44)} median ${ms(median(sorted))}  p95 ${ms(p95)}  max ${ms(sorted.at(-1) ?? 0)}   aim p95 < ${AIM_MS} ms: ${p95 < AIM_MS ? "met" : "NOT met"}`);
};
console.log(`per tick, ${TICKS} ticks each (the kernel job: claim, one query, acts, completion); load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores:`);
line("nothing due", idleTicks);
line(`${PER_MINUTE} expiring + ${PER_MINUTE} warned (one minute's worth)`, busyTicks);
if (textRuns.length) {
  const sorted = [...textRuns].sort((a, b) => a - b);
  console.log(`${"their texts (expiry-text jobs, next poll)".padEnd(44)} median ${ms(median(sorted))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1) ?? 0)}`);
}
console.log(`acted: ${closed} expired (closed with expiresInactiveMessage), ${warned} warned`);

await t.close();
