/**
 * Conversations at scale: a company with 100,000 tickets and 1,000,000 messages, then
 *   (a) the inbound pipeline through POST /channels/api/inbound (throughput, latency),
 *   (b) GET /tickets per tab, as the admin (showAll) and as a plain attendant,
 *   (c) message search (GET /tickets?status=search&searchOnMessages=true).
 * The data is built on an in-process kernel over a fresh embedded database (temp dir),
 * filled by bulk SQL, then served by the real server (`bun plugins/main.ts`) on loopback;
 * the load comes from a separate process, like rps.ts.
 *   bun tests/bench/conversations.ts
 * Overrides: BENCH_TICKETS=100000 BENCH_MESSAGES=1000000 BENCH_CONTACTS=tickets/2 BENCH_USERS=20
 *            BENCH_INBOUND=5000 BENCH_CONCURRENCY=32 BENCH_REQUESTS=200
 *            BENCH_BUDGET_SECONDS=60 (per list/search measure; inbound gets 5×) — bounded runs.
 *            BENCH_INBOUND_ORDER=off,on (inbound runs with automation off/on, in this order; e.g.
 *            on,off,on,off to see order effects) BENCH_INBOUND_ONLY=1 (skip the lists and search).
 *            BENCH_SQL_PROFILE=/tmp/sql.json (the server times each SQL statement; the top 20 are printed
 *            at the end, summed over every run: sql-profile.ts).
 *            BENCH_WEBHOOK=receiver (the API connection's webhooks reach a loopback receiver in
 *            this process answering 200, as an integration would) or dead (a closed port: every
 *            bot message's delivery fails and retries with backoff, adding up across runs).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { generate } from "./conversations/generate.ts";
import type { LoadJob, LoadRequest, LoadResult } from "./conversations/load-worker.ts";
import { createWorld } from "./conversations/setup.ts";
import { messageBody, personName, phoneNumber, rng, SEARCHED_NAMES, SEARCHED_WORDS } from "./conversations/text.ts";
import { printSqlProfile } from "./sql-profile.ts";
import { benchServer, login, proc, runWorker } from "./support.ts";

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const TICKETS = env("BENCH_TICKETS", 100_000);
const MESSAGES = env("BENCH_MESSAGES", 1_000_000);
const CONTACTS = env("BENCH_CONTACTS", Math.ceil(TICKETS / 2));
const USERS = env("BENCH_USERS", 20);
const INBOUND = env("BENCH_INBOUND", 5_000);
const CONCURRENCY = env("BENCH_CONCURRENCY", 32);
const REQUESTS = env("BENCH_REQUESTS", 200);
const BUDGET = env("BENCH_BUDGET_SECONDS", 60);
/** The inbound runs, in order: the first run after seeding pays for a cold cache, so swap or repeat them to compare. */
const INBOUND_ORDER = (process.env.BENCH_INBOUND_ORDER ?? "off,on").split(",").map((m) => m.trim());
if (!INBOUND_ORDER.length || INBOUND_ORDER.some((m) => m !== "off" && m !== "on")) throw new Error('BENCH_INBOUND_ORDER must list "off" and "on" runs, e.g. on,off,on,off');
/** Only the inbound runs (no list or search measures). */
const INBOUND_ONLY = process.env.BENCH_INBOUND_ONLY === "1";

const fmt = (n: number) => n.toLocaleString("en-US");
const msText = (n: number) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)} ms` : "—");
const jobDir = mkdtempSync(join(tmpdir(), "atende-bench-jobs-"));
let jobs = 0;

/** Runs one job in the load worker and returns its figures. */
async function load(label: string, base: string, concurrency: number, requests: LoadRequest[], maxSeconds = BUDGET): Promise<LoadResult> {
  const file = join(jobDir, `job-${++jobs}.json`);
  writeFileSync(file, JSON.stringify({ base, concurrency, maxSeconds, requests } satisfies LoadJob));
  const out = await runWorker("conversations/load-worker.ts", [file]).done;
  const result = JSON.parse(out.trim().split("\n").pop()!) as LoadResult;
  // Progress, so a slow endpoint shows where the time goes.
  console.log(
    `  ${label}: ${requests.length} requests (c=${concurrency}): ${result.ok} ok, ${result.errors} errors, ${result.skipped} not sent, ${result.seconds.toFixed(1)} s, p50 ${msText(result.p50)}`,
  );
  return result;
}

interface Row {
  measure: string;
  result: LoadResult;
  aim: string;
  /** Which figure the aim judges. */
  met: (r: LoadResult) => boolean;
}

const rows: Row[] = [];

/** (b) The list, tab by tab, one request at a time (latency, not throughput); (c) message search. */
async function listsAndSearch(base: string, admin: string, user: string, queueIds: number[]): Promise<void> {
  const list = async (label: string, token: string, query: Record<string, string>, aim: string, aimMs: number, terms: string[] = [""]) => {
    const requests: LoadRequest[] = Array.from({ length: REQUESTS }, (_, i) => {
      const q = new URLSearchParams({ pageNumber: "1", ...query });
      if (terms[0]) q.set("searchParam", terms[i % terms.length]!);
      return { method: "GET", path: `/tickets?${q}`, token };
    });
    await load(`${label} (warm-up)`, base, 1, requests.slice(0, 10), BUDGET / 4);
    rows.push({ measure: label, result: await load(label, base, 1, requests), aim, met: (r) => r.errors + r.skipped === 0 && r.p95 < aimMs });
  };
  const userQueues = JSON.stringify(queueIds);
  for (const status of ["open", "pending", "group", "closed"]) {
    await list(`GET /tickets ${status} — admin, showAll`, admin, { status, showAll: "true" }, "p95 < 20 ms", 20);
    await list(`GET /tickets ${status} — attendant`, user, { status, showAll: "false", queueIds: userQueues }, "p95 < 20 ms", 20);
  }
  await list(`GET /tickets search by name — admin, showAll`, admin, { status: "search", showAll: "true" }, "p95 < 20 ms", 20, SEARCHED_NAMES);
  await list(`GET /tickets search by name — attendant`, user, { status: "search", showAll: "false", queueIds: userQueues }, "p95 < 20 ms", 20, SEARCHED_NAMES);
  // Word by word (from a word in ~1 % of messages to one in ~0.05 %, and a common one).
  for (const word of SEARCHED_WORDS)
    await list(`GET /tickets searchOnMessages "${word}" — admin`, admin, { status: "search", showAll: "true", searchOnMessages: "true" }, "p95 < 100 ms", 100, [word]);
}

console.log(`conversations bench: ${fmt(TICKETS)} tickets, ${fmt(MESSAGES)} messages, ~${fmt(CONTACTS)} contacts, ${USERS} attendants`);

/** The integrator's side: answers every webhook 200 at once (counted), or nothing listens. */
const WEBHOOK = process.env.BENCH_WEBHOOK ?? "receiver";
if (WEBHOOK !== "receiver" && WEBHOOK !== "dead") throw new Error('BENCH_WEBHOOK must be "receiver" or "dead"');
let webhooks = 0;
const receiver =
  WEBHOOK === "receiver"
    ? Bun.serve({
        hostname: "127.0.0.1",
        port: 0,
        fetch: () => {
          webhooks++;
          return new Response("ok");
        },
      })
    : null;

const setupStarted = performance.now();
const world = await createWorld(USERS, receiver ? `http://127.0.0.1:${receiver.port}/hook` : undefined);
console.log(
  `setup: company ${world.companyId}, 3 queues, ${world.users.length} attendants, api connection ${world.connection.id} (${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`,
);

let server: Awaited<ReturnType<typeof benchServer>> | undefined;
const cleanup = async () => {
  await server?.stop();
  receiver?.stop(true);
  rmSync(world.dataDir, { recursive: true, force: true });
  rmSync(jobDir, { recursive: true, force: true });
};
// Interrupted: still stop the server and remove the data (a few hundred MiB at full size).
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
try {
  const databaseFile = join(world.dataDir, "app.db");
  const g = await generate(databaseFile, world, { tickets: TICKETS, messages: MESSAGES, contacts: CONTACTS });
  const rowsWritten = g.counts.tickets.open + g.counts.tickets.pending + g.counts.tickets.group + g.counts.tickets.closed + g.counts.messages + g.counts.ticketTags;
  console.log(
    `generated: ${fmt(g.counts.contacts)} contacts (${fmt(g.counts.groupContacts)} groups) in ${g.seconds.contacts.toFixed(1)} s; ` +
      `tickets open ${fmt(g.counts.tickets.open)} / pending ${fmt(g.counts.tickets.pending)} / group ${fmt(g.counts.tickets.group)} / closed ${fmt(g.counts.tickets.closed)}, ` +
      `${fmt(g.counts.messages)} messages, ${fmt(g.counts.ticketTags)} ticket tags in ${g.seconds.ticketsAndMessages.toFixed(1)} s ` +
      `(${fmt(Math.round(rowsWritten / g.seconds.ticketsAndMessages))} rows/s); total ${g.seconds.total.toFixed(1)} s; ` +
      `database ${(statSync(databaseFile).size / 2 ** 20).toFixed(0)} MiB; messages full-text index: ${g.messagesFts ? "yes (filled by triggers)" : "NOT INSTALLED"}`,
  );

  const bootStarted = performance.now();
  server = await benchServer({ dataDir: world.dataDir, keepData: true, timeoutMs: 180_000 });
  console.log(`server up on ${server.url} in ${((performance.now() - bootStarted) / 1000).toFixed(1)} s`);
  const base = server.url;
  const admin = (await login(base, world.admin.email, world.admin.password)).token;
  // A plain attendant of two queues (the web sends the user's queues as queueIds).
  const attendant = world.users.find((u) => u.queueIds.length === 2) ?? world.users[0]!;
  const user = (await login(base, attendant.email, attendant.password)).token;

  // (a) Inbound: half to contacts the company has (some with a live ticket, some not), half from new numbers.
  const random = rng(7);
  const inbound = (count: number, prefix: string, newIndex: number): LoadRequest[] => {
    const out: LoadRequest[] = [];
    let fresh = newIndex;
    while (out.length < count) {
      const existing = random() < 0.5;
      const number = existing ? g.existingNumbers[Math.floor(random() * g.existingNumbers.length)]! : phoneNumber(fresh++);
      const burst = existing ? 1 : 1 + Math.floor(random() * 3);
      const name = personName(random);
      for (let i = 0; i < burst && out.length < count; i++)
        out.push({
          method: "POST",
          path: "/channels/api/inbound",
          token: world.connection.token,
          body: { id: `${prefix}-${out.length}`, number, name, body: messageBody(random) },
        });
    }
    // Bursts of a new number arrive interleaved with everything else, like real traffic.
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  // Automation off (the connection has no greeting and no queues) and on (issue 13: the connection
  // greets and shows a menu of two queues, so every new conversation gets a bot turn, its job
  // running in the server meanwhile). Each run has its own warm-up, message ids and new numbers.
  const automation = async (on: boolean) => {
    const body = on ? { greetingMessage: "Olá {{firstName}}!", queueIds: world.queueIds.slice(0, 2) } : { greetingMessage: "", queueIds: [] };
    const res = await fetch(`${base}/whatsapp/${world.connection.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`PUT /whatsapp: ${res.status} ${await res.text()}`);
  };
  // The bot's step jobs run in the server after the message is stored, and the deliveries and
  // webhooks of its answers after them: a run ends with a backlog, which would slow the next run
  // down. Each run starts with none due, and prints what it left behind. (Jobs that failed and
  // wait for a retry, with BENCH_WEBHOOK=dead, are not due.)
  const jobsDb = createClient({ url: `file:${databaseFile}` });
  const queuedSteps = async () =>
    Number((await jobsDb.execute({ sql: "SELECT count(*) AS n FROM jobs WHERE (status = 'pending' AND due_at <= ?) OR status = 'running'", args: [Date.now()] })).rows[0]!.n);
  const drain = async (): Promise<{ left: number; seconds: number }> => {
    const started = performance.now();
    const left = await queuedSteps();
    for (let n = left; n > 0 && performance.now() - started < BUDGET * 5_000; n = await queuedSteps()) await Bun.sleep(100);
    return { left, seconds: (performance.now() - started) / 1000 };
  };
  for (const [i, mode] of INBOUND_ORDER.entries()) {
    const on = mode === "on";
    await automation(on);
    const tag = `${mode}-${i}`;
    const numbers = g.firstFreeNumberIndex + i * 2_000_000;
    await load(`inbound warm-up (automation ${mode})`, base, CONCURRENCY, inbound(200, `warm-${tag}`, numbers + 1_000_000));
    await drain();
    const enqueued = async () => Number((await jobsDb.execute("SELECT count(*) AS n FROM jobs WHERE kind = 'automation.step'")).rows[0]!.n);
    const before = await enqueued();
    const cpuBefore = proc.cpuMs(server.process.pid!);
    const webhooksBefore = webhooks;
    const result = await load(`inbound (automation ${mode})`, base, CONCURRENCY, inbound(INBOUND, `bench-${tag}`, numbers), BUDGET * 5);
    const cpuIntake = proc.cpuMs(server.process.pid!) - cpuBefore;
    const steps = (await enqueued()) - before;
    const after = await drain();
    const cpuAll = proc.cpuMs(server.process.pid!) - cpuBefore;
    // The server's own CPU per message says what one core can take, whatever else runs on the machine.
    const perMessage = (cpu: number) => `${((cpu * 1000) / Math.max(1, result.ok)).toFixed(0)} µs`;
    const posted = receiver ? `, ${((webhooks - webhooksBefore) / Math.max(1, result.ok)).toFixed(1)} webhooks/msg` : "";
    const backlog = `${fmt(steps)} step jobs, ${fmt(after.left)} jobs due at the end, ${after.seconds.toFixed(1)} s to drain${posted}; server CPU ${perMessage(cpuIntake)}/msg, ${perMessage(cpuAll)}/msg with the steps`;
    console.log(`  inbound (automation ${mode}): ${backlog}`);
    rows.push({
      measure: on
        ? `inbound ×${fmt(INBOUND)} (c=${CONCURRENCY}), automation on (greeting + 2-queue menu); ${backlog}`
        : `inbound POST /channels/api/inbound ×${fmt(INBOUND)} (c=${CONCURRENCY}), automation off; ${backlog}`,
      result,
      aim: "≥ 5,000 msg/s",
      met: (r) => r.errors + r.skipped === 0 && r.rps >= 5000,
    });
  }
  jobsDb.close();
  if (!INBOUND_ONLY) await listsAndSearch(base, admin, user, attendant.queueIds);
  if (process.env.BENCH_SQL_PROFILE) {
    // The profile is written each second: wait for the last one.
    await new Promise((r) => setTimeout(r, 1100));
    printSqlProfile(process.env.BENCH_SQL_PROFILE);
  }
} finally {
  await cleanup();
}

// The table.
const header = ["measure", "ok/err/unsent", "req/s", "p50", "p95", "p99", "count", "aim", "met"];
const table = rows.map(({ measure, result: r, aim, met }) => [
  measure,
  `${r.ok}/${r.errors}/${r.skipped}`,
  r.rps.toFixed(0),
  msText(r.p50),
  msText(r.p95),
  msText(r.p99),
  r.count === null ? "" : fmt(r.count),
  aim,
  r.ok === 0
    ? `n/a (${Object.entries(r.statuses)
        .map(([s, c]) => `${s}×${c}`)
        .join(" ")})`
    : met(r)
      ? "yes"
      : "NO",
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const row of table) console.log(line(row));
// Whether something else was competing for the cores (as in support.ts report()).
console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
for (const { measure, result } of rows) if (result.firstError) console.log(`first error in "${measure}": ${result.firstError}`);
