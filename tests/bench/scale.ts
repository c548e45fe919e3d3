/**
 * Scaling out on one machine (issue 30): the same server with WORKERS=1, 2 and 4 processes on one
 * port (Bun's reusePort), Redis for realtime and the shared counters, the embedded database file
 * shared by the processes. For each: inbound messages per second through the API channel
 * (POST /channels/api/inbound, unique ids, 40 customers) and ticket-list requests per second
 * (GET /tickets), each from BENCH_CLIENTS concurrent clients for BENCH_SECONDS. Printed as a table
 * beside the aim: near-linear up to the cores. The load generator runs on the same machine and
 * takes its share of the cores: on 2 cores, 4 processes cannot scale past 2.
 *   bun tests/bench/scale.ts
 * Overrides: BENCH_SECONDS=8 BENCH_CLIENTS=32 BENCH_WORKERS=1,2,4
 * Beside the rates: the load generator's own CPU share of the machine (it competes with the
 * servers), and from every process's /metrics the servers' CPU per message or request, the
 * units per write transaction and the time spent waiting for another process's write lock.
 */
import { readdirSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { availableParallelism, cpus, loadavg } from "node:os";
import { startRedis } from "../support/redis-server.ts";
import { benchServer, login, proc, type RunningServer } from "./support.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);

const TOKEN = "b".repeat(32);
const METRICS = [
  "process_cpu_seconds_total",
  "atende_db_write_batches_total",
  "atende_db_write_units_total",
  "atende_db_write_lock_wait_seconds_total",
  "atende_db_write_busy_total",
  "atende_db_write_hold_seconds_total",
] as const;
type Snapshot = Record<(typeof METRICS)[number], number>;

/** One process's metrics, on a new connection (the kernel spreads connections, not requests, between the processes). */
function scrape(port: number): Promise<{ start: string; values: Snapshot }> {
  return new Promise((done, fail) => {
    const req = get({ host: "127.0.0.1", port, path: "/metrics", agent: false, headers: { authorization: `Bearer ${TOKEN}` } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        const value = (name: string) =>
          Number(
            text
              .split("\n")
              .find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`))
              ?.split(" ")[1] ?? NaN,
          );
        const values = Object.fromEntries(METRICS.map((m) => [m, value(m)])) as Snapshot;
        done({ start: String(value("process_start_time_seconds")), values });
      });
    });
    req.on("error", fail);
  });
}
/** The sum over all `workers` processes (scraped until each answered once). */
async function snapshot(port: number, workers: number): Promise<Snapshot> {
  const seen = new Map<string, Snapshot>();
  for (let i = 0; i < 400 && seen.size < workers; i++) {
    const { start, values } = await scrape(port);
    seen.set(start, values);
  }
  if (seen.size < workers) throw new Error(`only ${seen.size} of ${workers} processes answered /metrics`);
  const sum = Object.fromEntries(METRICS.map((m) => [m, 0])) as Snapshot;
  for (const values of seen.values()) for (const m of METRICS) sum[m] += values[m];
  return sum;
}

interface Phase {
  rate: number;
  /** The load generator's CPU over the phase, as a share of the whole machine (all cores). */
  benchCpuShare: number;
  /** The servers' CPU (all processes) per successful call, in ms. */
  serverCpuMs: number;
  unitsPerBatch: number;
  /** Write-lock wait (all processes) per second of the phase, in ms. */
  lockWaitMsPerS: number;
  busyPerS: number;
  /** Write-lock hold (all processes) per unit, in ms: the part that cannot run in parallel. */
  holdMsPerUnit: number;
  /** Redis' CPU per successful call, in ms (realtime events through the streams adapter). */
  redisCpuMs: number;
}

/** Runs `call` from CLIENTS loops for SECONDS; the successful calls per second and what they cost. */
async function rate(server: RunningServer, workers: number, call: (i: number) => Promise<boolean>): Promise<Phase> {
  const before = await snapshot(server.port, workers);
  const cpu = process.cpuUsage();
  const redisBefore = redisCpuMs();
  const started = performance.now();
  const end = started + SECONDS * 1000;
  let ok = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) if (await call(i++)) ok++;
    }),
  );
  const wallS = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const after = await snapshot(server.port, workers);
  const d = (m: (typeof METRICS)[number]) => after[m] - before[m];
  return {
    rate: ok / wallS,
    benchCpuShare: (used.user + used.system) / 1e6 / (wallS * availableParallelism()),
    serverCpuMs: (d("process_cpu_seconds_total") * 1000) / Math.max(1, ok),
    unitsPerBatch: d("atende_db_write_units_total") / Math.max(1, d("atende_db_write_batches_total")),
    lockWaitMsPerS: (d("atende_db_write_lock_wait_seconds_total") * 1000) / wallS,
    busyPerS: d("atende_db_write_busy_total") / wallS,
    holdMsPerUnit: (d("atende_db_write_hold_seconds_total") * 1000) / Math.max(1, d("atende_db_write_units_total")),
    redisCpuMs: (redisCpuMs() - redisBefore) / Math.max(1, ok),
  };
}

async function measure(server: RunningServer, workers: number): Promise<{ inbound: Phase; tickets: Phase }> {
  const { token } = await login(server.url);
  const made = await fetch(`${server.url}/whatsapp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `Bench ${workers}`, channel: "api", webhookUrl: "" }),
  });
  const apiToken = ((await made.json()) as { token: string }).token;
  const inbound = await rate(server, workers, async (i) => {
    const res = await fetch(`${server.url}/channels/api/inbound`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({ id: `bench-${workers}-${i}`, number: `55119${String(10_000_000 + (i % 40))}`, body: `mensagem ${i}` }),
    });
    await res.arrayBuffer();
    return res.status === 200;
  });
  const tickets = await rate(server, workers, async () => {
    const res = await fetch(`${server.url}/tickets?status=pending&showAll=true`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    return res.status === 200;
  });
  return { inbound, tickets };
}

const redis = await startRedis();
/** The redis-server started above (found by its port in /proc: it titles itself `redis-server 127.0.0.1:<port>`), for its CPU time. */
const redisPid = (() => {
  const port = redis.url.split(":").pop();
  for (const pid of readdirSync("/proc").filter((f) => /^\d+$/.test(f)))
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmd.includes("redis-server") && cmd.includes(`:${port}`)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  return null;
})();
const redisCpuMs = () => (redisPid ? proc.cpuMs(redisPid) : 0);
const rows: { workers: number; inbound: Phase; tickets: Phase; load: string }[] = [];
try {
  for (const workers of WORKERS) {
    const server = await benchServer({ env: { WORKERS: String(workers), REDIS_URL: redis.url, JOBS_POLL_MS: "200", METRICS_TOKEN: TOKEN } });
    try {
      // The first process answers first; the others boot once it has (core/runtime/workers.ts).
      await new Promise((r) => setTimeout(r, 1500 * workers));
      const load = loadavg()[0]!.toFixed(1);
      rows.push({ workers, ...(await measure(server, workers)), load });
    } finally {
      await server.stop();
    }
  }
} finally {
  await redis.stop();
}

const base = rows[0]!;
const pct = (n: number) => `${(n * 100).toFixed(0)} %`;
console.log(`\nscale-out on one machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}), ${CLIENTS} clients, ${SECONDS} s each, load generator on the same machine`);
console.log("| processes | inbound msg/s | × | ticket list req/s | × | bench CPU (inbound / list) | load before |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.workers} | ${r.inbound.rate.toFixed(0)} | ${(r.inbound.rate / base.inbound.rate).toFixed(2)} | ${r.tickets.rate.toFixed(0)} | ${(r.tickets.rate / base.tickets.rate).toFixed(2)} | ${pct(r.inbound.benchCpuShare)} / ${pct(r.tickets.benchCpuShare)} | ${r.load} |`,
  );
console.log(`aim: near-linear up to the cores (×${Math.min(availableParallelism(), 2)} at 2 processes on ${availableParallelism()} cores)`);
console.log("\nwhere the time goes (all processes summed; bench CPU = the load generator's share of all cores)");
console.log(
  "| processes | server CPU ms/msg | Redis CPU ms/msg | units per write transaction | write-lock hold ms/unit | write-lock wait ms/s | busy BEGINs/s | server CPU ms/list req |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.workers} | ${r.inbound.serverCpuMs.toFixed(2)} | ${r.inbound.redisCpuMs.toFixed(2)} | ${r.inbound.unitsPerBatch.toFixed(1)} | ${r.inbound.holdMsPerUnit.toFixed(3)} | ${r.inbound.lockWaitMsPerS.toFixed(0)} | ${r.inbound.busyPerS.toFixed(0)} | ${r.tickets.serverCpuMs.toFixed(2)} |`,
  );
