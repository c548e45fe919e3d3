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
 */
import { availableParallelism, cpus, loadavg } from "node:os";
import { startRedis } from "../support/redis-server.ts";
import { benchServer, login, type RunningServer } from "./support.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const WORKERS = (process.env.BENCH_WORKERS ?? "1,2,4").split(",").map(Number);

/** Runs `call` from CLIENTS loops for SECONDS; answers the successful calls per second. */
async function rate(call: (i: number) => Promise<boolean>): Promise<number> {
  const end = performance.now() + SECONDS * 1000;
  let ok = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) if (await call(i++)) ok++;
    }),
  );
  return ok / SECONDS;
}

async function measure(server: RunningServer, workers: number): Promise<{ inbound: number; tickets: number }> {
  const { token } = await login(server.url);
  const made = await fetch(`${server.url}/whatsapp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `Bench ${workers}`, channel: "api", webhookUrl: "" }),
  });
  const apiToken = ((await made.json()) as { token: string }).token;
  const inbound = await rate(async (i) => {
    const res = await fetch(`${server.url}/channels/api/inbound`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({ id: `bench-${workers}-${i}`, number: `55119${String(10_000_000 + (i % 40))}`, body: `mensagem ${i}` }),
    });
    await res.arrayBuffer();
    return res.status === 200;
  });
  const tickets = await rate(async () => {
    const res = await fetch(`${server.url}/tickets?status=pending&showAll=true`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    return res.status === 200;
  });
  return { inbound, tickets };
}

const redis = await startRedis();
const rows: { workers: number; inbound: number; tickets: number; load: string }[] = [];
try {
  for (const workers of WORKERS) {
    const server = await benchServer({ env: { WORKERS: String(workers), REDIS_URL: redis.url, JOBS_POLL_MS: "200" } });
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
console.log(`\nscale-out on one machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? "?"}), ${CLIENTS} clients, ${SECONDS} s each, load generator on the same machine`);
console.log("| processes | inbound msg/s | × | ticket list req/s | × | load before |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const r of rows)
  console.log(
    `| ${r.workers} | ${r.inbound.toFixed(0)} | ${(r.inbound / base.inbound).toFixed(2)} | ${r.tickets.toFixed(0)} | ${(r.tickets / base.tickets).toFixed(2)} | ${r.load} |`,
  );
console.log(`aim: near-linear up to the cores (×${Math.min(availableParallelism(), 2)} at 2 processes on ${availableParallelism()} cores)`);
