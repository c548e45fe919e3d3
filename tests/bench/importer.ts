/**
 * The Whaticket importer (tools/importer, issue 31) on a big source: PGlite served over the
 * wire protocol (as the importer's tests do) holding 2 companies, 20,000 contacts, 100,000
 * tickets with their tracking and 1,000,000 messages (every tenth quoting the ticket's previous
 * one), all made by `generate_series` inside Postgres. The importer runs as its own process
 * (`bun plugins/main.ts import whaticket …`, as the binary does) into a fresh DATA_DIR, and
 * then once more on the same data (a cut-over's second run). Prints per run: time, messages/s
 * and rows/s, the importer's peak resident memory (VmHWM) and CPU seconds (user + system,
 * and rows per CPU-second: the figure to compare when the machine is loaded), beside the aims
 * (1,000,000 messages in under 3 minutes on 2 cores, memory bounded).
 *   bun tests/bench/importer.ts
 * Overrides: BENCH_MESSAGES=1000000 BENCH_PAGE_SIZE=(the importer's default)
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ImportReport } from "../../tools/importer/report.ts";
import { startSource } from "../importer/source-fixture.ts";
import { ADMIN } from "../support/test-kernel.ts";
import { proc, report } from "./support.ts";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
if (!Number.isInteger(MESSAGES) || MESSAGES < 1000) throw new Error("BENCH_MESSAGES must be an integer of at least 1000");
const TICKETS = Math.max(100, Math.round(MESSAGES / 10));
const CONTACTS = Math.max(20, Math.round(MESSAGES / 50));
const PAGE = process.env.BENCH_PAGE_SIZE;
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const source = await startSource({ seed: false });
const dataDir = mkdtempSync(join(tmpdir(), "import-bench-"));
try {
  const t0 = performance.now();
  await seed();
  const [count] = (await source.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Messages"`)).rows;
  console.log(`source: ${fmt(count!.n)} messages, ${fmt(TICKETS)} tickets, ${fmt(CONTACTS)} contacts in 2 companies, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  for (const run of ["first", "second"] as const) {
    const cpuSource = process.cpuUsage();
    const r = await runImporter();
    const sourceCpu = process.cpuUsage(cpuSource);
    const rows = Object.values(r.report.tables).reduce((n, c) => n + c.imported + c.existing, 0);
    const messages = r.report.tables.Messages;
    if (run === "first" && messages?.imported !== MESSAGES) throw new Error(`messages imported: ${JSON.stringify(messages)}; errors: ${r.report.errors.join("; ")}`);
    if (run === "second" && Object.values(r.report.tables).some((c) => c.imported > 0)) throw new Error("the second run imported rows");
    const cpuS = r.cpuMs / 1000;
    report(`importer ${run} run`, {
      messages: fmt(messages?.imported ?? 0),
      rows: fmt(rows),
      time: `${r.seconds.toFixed(1)} s (aim < 180 s on 2 cores)`,
      messages_per_s: fmt((messages?.imported ?? 0) / r.seconds),
      rows_per_s: fmt(rows / r.seconds),
      importer_cpu: `${cpuS.toFixed(1)} s`,
      rows_per_cpu_s: fmt(rows / Math.max(cpuS, 0.01)),
      source_cpu: `${((sourceCpu.user + sourceCpu.system) / 1e6).toFixed(1)} s (PGlite, this process)`,
      peak_rss: `${r.peakMiB.toFixed(0)} MiB (aim: bounded)`,
      page_size: PAGE ?? "default",
    });
  }
} finally {
  await source.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Runs the import command to its end, sampling its peak memory and CPU time from /proc. */
async function runImporter(): Promise<{ seconds: number; peakMiB: number; cpuMs: number; report: ImportReport }> {
  const json = join(dataDir, "report.json");
  const args = [resolve(import.meta.dirname, "../../plugins/main.ts"), "import", "whaticket", "--from", source.url, "--json", json, ...(PAGE ? ["--page-size", PAGE] : [])];
  const started = performance.now();
  const child = spawn(process.env.BUN_BIN || "bun", args, {
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "silent" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number>((done) => child.once("exit", (code) => done(code ?? 1)));
  let peakMiB = 0;
  let cpuMs = 0;
  let running = true;
  void exited.then(() => (running = false));
  while (running) {
    try {
      peakMiB = Math.max(peakMiB, proc.memoryMiB(child.pid!, "VmHWM"));
      cpuMs = proc.cpuMs(child.pid!);
    } catch {}
    await sleep(100);
  }
  const code = await exited;
  const seconds = (performance.now() - started) / 1000;
  const out = JSON.parse(readFileSync(json, "utf8")) as ImportReport;
  if (code !== 0) throw new Error(`the importer exited with ${code}: ${out.errors.join("; ")}`);
  return { seconds, peakMiB, cpuMs, report: out };
}

/** The source rows, each table in one `generate_series` statement. */
async function seed() {
  const db = source.db;
  const half = TICKETS / 2;
  const contactsEach = CONTACTS / 2;
  await db.exec(`
    INSERT INTO "Plans" (name, users, connections, queues) VALUES ('Bench', 10, 2, 4);
    INSERT INTO "Companies" (name, "planId", schedules) VALUES ('Bench A', 1, '[]'), ('Bench B', 1, '[]');
    INSERT INTO "Users" (name, email, "passwordHash", profile, "companyId") VALUES
      ('A', 'a@bench.test', '$2a$04$abcdefghijklmnopqrstuuK3lb5cO0yqIYb7eV3KzC5o1u2FvHqvu', 'admin', 1),
      ('B', 'b@bench.test', '$2a$04$abcdefghijklmnopqrstuuK3lb5cO0yqIYb7eV3KzC5o1u2FvHqvu', 'admin', 2);
    INSERT INTO "Queues" (name, color, "companyId") VALUES ('Vendas', '#2196f3', 1), ('Suporte', '#4caf50', 1), ('Vendas', '#2196f3', 2), ('Suporte', '#4caf50', 2);
    INSERT INTO "Whatsapps" (name, "companyId", token) VALUES ('A', 1, 'bench-token-a'), ('B', 2, 'bench-token-b');
    INSERT INTO "Contacts" (name, number, "companyId")
      SELECT 'Cliente ' || i, (5511900000000 + i)::text, CASE WHEN i <= ${contactsEach} THEN 1 ELSE 2 END FROM generate_series(1, ${CONTACTS}) i;
    INSERT INTO "Tickets" (status, "lastMessage", "contactId", "userId", "whatsappId", "queueId", "companyId", uuid, "createdAt", "updatedAt")
      SELECT CASE WHEN (i - 1) % ${half} < ${contactsEach / 10} THEN 'open' ELSE 'closed' END, 'última',
        ((i - 1) % ${half}) % ${contactsEach} + 1 + CASE WHEN i <= ${half} THEN 0 ELSE ${contactsEach} END,
        CASE WHEN i <= ${half} THEN 1 ELSE 2 END, CASE WHEN i <= ${half} THEN 1 ELSE 2 END, CASE WHEN i <= ${half} THEN 1 + i % 2 ELSE 3 + i % 2 END,
        CASE WHEN i <= ${half} THEN 1 ELSE 2 END, gen_random_uuid(), now() - interval '90 days' + i * interval '1 minute', now() - interval '90 days' + i * interval '1 minute'
      FROM generate_series(1, ${TICKETS}) i;
    INSERT INTO "TicketTraking" ("ticketId", "companyId", "whatsappId", "createdAt", "updatedAt", "queuedAt", "startedAt", "finishedAt", "closedAt")
      SELECT id, "companyId", "whatsappId", "createdAt", "updatedAt", "createdAt", "createdAt" + interval '1 minute', "updatedAt", "updatedAt" FROM "Tickets";
    INSERT INTO "LogTickets" ("ticketId", type, "createdAt") SELECT id, 'create', "createdAt" FROM "Tickets";
    INSERT INTO "Messages" (body, ack, "mediaType", "ticketId", "createdAt", "updatedAt", "fromMe", "contactId", "companyId", "quotedMsgId", wid)
      SELECT 'mensagem número ' || i || ' com um texto de tamanho comum numa conversa', 3, 'conversation', (i - 1) % ${TICKETS} + 1,
        now() - interval '90 days' + i * interval '1 second', now() - interval '90 days' + i * interval '1 second', i % 2 = 0,
        t."contactId", t."companyId", CASE WHEN i % 10 = 0 AND i > ${TICKETS} THEN i - ${TICKETS} END, 'BENCH' || i
      FROM generate_series(1, ${MESSAGES}) i JOIN "Tickets" t ON t.id = (i - 1) % ${TICKETS} + 1 ORDER BY i;
    ANALYZE;
  `);
}
