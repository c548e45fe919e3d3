/**
 * The attendant's workspace at scale: what the browser asks while an attendant opens
 * /tickets and clicks through conversations, on a company with 100,000 tickets and
 * 1,000,000 messages (the conversations bench's generator). Each session loads every tab's
 * first page and the notification lists, then opens BENCH_OPENS conversations (ticket,
 * newest messages page, which marks it read, contact drawer, notes, tag lanes, an older
 * page) and sends one reply. Some conversations have a contact with 50 tickets (what an
 * admin's and an allHistoric user's window reads), the others a contact with one.
 * Run per kind of user (plain attendant, admin, allHistoric attendant) at one client and
 * at BENCH_CONCURRENCY concurrent attendants; figures per call, with the aim beside them.
 *   bun tests/bench/workspace.ts
 * Overrides: BENCH_TICKETS=100000 BENCH_MESSAGES=1000000 BENCH_CONTACTS=tickets/2
 *            BENCH_OPENS=20 BENCH_HISTORY_OPENS=5 (of the opens) BENCH_SESSIONS=3 (one client)
 *            BENCH_CONCURRENCY=16 BENCH_BUDGET_SECONDS=120 (per run) — bounded runs.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { generate } from "./conversations/generate.ts";
import type { LoadJob, LoadRequest, LoadResult } from "./conversations/load-worker.ts";
import { createWorld } from "./conversations/setup.ts";
import { benchServer, login, ms, runWorker } from "./support.ts";
import { markUnread, prepareClicks, type Clicks } from "./workspace/conversations.ts";
import { sessionRequests, type Attendant } from "./workspace/session.ts";

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const TICKETS = env("BENCH_TICKETS", 100_000);
const MESSAGES = env("BENCH_MESSAGES", 1_000_000);
const CONTACTS = env("BENCH_CONTACTS", Math.ceil(TICKETS / 2));
const OPENS = env("BENCH_OPENS", 20);
const HISTORY_OPENS = Math.min(env("BENCH_HISTORY_OPENS", 5), OPENS);
const SESSIONS = env("BENCH_SESSIONS", 3);
const CONCURRENCY = env("BENCH_CONCURRENCY", 16);
const BUDGET = env("BENCH_BUDGET_SECONDS", 120);
/** The aims of issue 17: p95 per call at one client and at 16. */
const aimMs = (concurrency: number) => (concurrency === 1 ? 10 : 60);

const fmt = (n: number) => n.toLocaleString("en-US");
const msText = (n: number) => (Number.isFinite(n) ? ms(n) : "—");
const jobDir = mkdtempSync(join(tmpdir(), "atende-bench-jobs-"));
let jobs = 0;

async function run(base: string, concurrency: number, sessions: LoadRequest[][]): Promise<LoadResult> {
  const file = join(jobDir, `job-${++jobs}.json`);
  writeFileSync(file, JSON.stringify({ base, concurrency, maxSeconds: BUDGET, sessions } satisfies LoadJob));
  const out = await runWorker("conversations/load-worker.ts", [file]).done;
  return JSON.parse(out.trim().split("\n").pop()!) as LoadResult;
}

// Half the attendants plain, half allHistoric: enough of each for the concurrent run.
const USERS = 2 * Math.max(CONCURRENCY, SESSIONS);
console.log(
  `workspace bench: ${fmt(TICKETS)} tickets, ${fmt(MESSAGES)} messages, ~${fmt(CONTACTS)} contacts, ${USERS} attendants, ${OPENS} conversations a session (${HISTORY_OPENS} with a 50-ticket contact)`,
);
const world = await createWorld(USERS);
let server: Awaited<ReturnType<typeof benchServer>> | undefined;
const cleanup = async () => {
  await server?.stop();
  rmSync(world.dataDir, { recursive: true, force: true });
  rmSync(jobDir, { recursive: true, force: true });
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void cleanup().finally(() => process.exit(130)));

interface Measured {
  kind: string;
  concurrency: number;
  result: LoadResult;
}
const measured: Measured[] = [];
try {
  const databaseFile = join(world.dataDir, "app.db");
  const g = await generate(databaseFile, world, { tickets: TICKETS, messages: MESSAGES, contacts: CONTACTS });
  console.log(`generated ${fmt(g.counts.messages)} messages in ${g.seconds.total.toFixed(1)} s`);
  const half = USERS / 2;
  const plainUsers = world.users.slice(0, half);
  const historicUsers = world.users.slice(half);
  const clicks = await prepareClicks(
    databaseFile,
    world,
    historicUsers.map((u) => u.id),
    OPENS,
    HISTORY_OPENS,
  );
  server = await benchServer({ dataDir: world.dataDir, keepData: true, timeoutMs: 180_000 });
  const base = server.url;
  console.log(`server up on ${base}`);

  const attendant = async (email: string, password: string): Promise<Attendant> => {
    const { token, user } = await login(base, email, password);
    const queues = (user.queues as { id: number }[] | undefined) ?? [];
    return { token, queueIds: queues.length ? queues.map((q) => q.id) : null, allowGroup: !!user.allowGroup };
  };
  const clicksOf = (userId: number): Clicks => clicks.get(userId)!;
  // Each kind's sessions: its attendants with their own conversations; the admin (one account,
  // several browsers) clicks through the attendants' conversations.
  const kinds: { kind: string; sessions: (n: number) => Promise<{ requests: LoadRequest[][]; tickets: number[] }> }[] = [
    { kind: "plain attendant", sessions: (n) => sessionsOf(plainUsers.slice(0, n).map((u) => ({ who: u, clicks: clicksOf(u.id) }))) },
    { kind: "admin", sessions: (n) => sessionsOf(world.users.slice(0, n).map((u) => ({ who: world.admin, clicks: clicksOf(u.id) }))) },
    { kind: "allHistoric attendant", sessions: (n) => sessionsOf(historicUsers.slice(0, n).map((u) => ({ who: u, clicks: clicksOf(u.id) }))) },
  ];
  async function sessionsOf(list: { who: { email: string; password: string }; clicks: Clicks }[]) {
    const requests: LoadRequest[][] = [];
    for (const { who, clicks: c } of list) requests.push(sessionRequests(await attendant(who.email, who.password), c.opens));
    return { requests, tickets: list.flatMap((l) => l.clicks.opens.map((o) => o.id)) };
  }

  // Warm-up (caches, statements): one plain session, not counted.
  await run(base, 1, (await kinds[0]!.sessions(1)).requests);
  for (const concurrency of [1, CONCURRENCY]) {
    for (const { kind, sessions } of kinds) {
      const s = await sessions(concurrency === 1 ? SESSIONS : concurrency);
      await markUnread(databaseFile, s.tickets);
      const result = await run(base, concurrency, s.requests);
      measured.push({ kind, concurrency, result });
      console.log(
        `  ${kind}, ${concurrency} at once: ${result.ok} ok, ${result.errors} errors, ${result.skipped} not sent, ${result.seconds.toFixed(1)} s, p50 ${msText(result.p50)}, p95 ${msText(result.p95)}`,
      );
    }
  }
} finally {
  await cleanup();
}

// One table: per run, per call, the aim beside each figure.
const header = ["user, clients", "call", "ok/err", "p50", "p95", "p99", "aim", "met"];
const table: string[][] = [];
for (const { kind, concurrency, result } of measured) {
  const aim = aimMs(concurrency);
  const rows = Object.entries(result.byLabel).sort(([a], [b]) => a.localeCompare(b));
  for (const [label, f] of rows)
    table.push([
      `${kind}, ${concurrency}`,
      label,
      `${f.ok}/${f.errors}`,
      msText(f.p50),
      msText(f.p95),
      msText(f.p99),
      `p95 < ${aim} ms`,
      f.ok === 0 ? "n/a" : f.errors === 0 && f.p95 < aim ? "yes" : "NO",
    ]);
  table.push([
    `${kind}, ${concurrency}`,
    `all calls (${result.skipped} not sent in ${BUDGET} s)`,
    `${result.ok}/${result.errors}`,
    msText(result.p50),
    msText(result.p95),
    msText(result.p99),
    `p95 < ${aim} ms`,
    result.ok && !result.errors && !result.skipped && result.p95 < aim ? "yes" : "NO",
  ]);
}
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const row of table) console.log(line(row));
console.log(`load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}`);
for (const { kind, concurrency, result } of measured) if (result.firstError) console.log(`first error (${kind}, ${concurrency}): ${result.firstError}`);
