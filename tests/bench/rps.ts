/**
 * Throughput: authenticated GET /auth/me and GET /helps/list against one server, the load
 * coming from a separate process with a bounded number of requests in flight.
 *   bun tests/bench/rps.ts   (BENCH_SECONDS=10, BENCH_CONCURRENCY=32)
 */
import { benchServer, login, ms, report, runWorker } from "./support.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

const server = await benchServer();
try {
  const { token } = await login(server.url);
  // A few help entries so /helps/list answers a realistic body.
  for (let i = 1; i <= 5; i++)
    await fetch(`${server.url}/helps`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: `Help ${i}`, description: "How to use the inbox ".repeat(10), video: "" }),
    });
  for (const path of ["/auth/me", "/helps/list"]) {
    await runWorker("rps-worker.ts", [`${server.url}${path}`, token, "1", String(concurrency)]).done; // warm-up
    const out = await runWorker("rps-worker.ts", [`${server.url}${path}`, token, String(seconds), String(concurrency)]).done;
    const r = JSON.parse(out.trim().split("\n").pop()!) as { ok: number; errors: number; rps: number; p50: number; p99: number };
    report(`rps GET ${path}`, { rps: r.rps.toFixed(0), p50: ms(r.p50), p99: ms(r.p99), requests: r.ok, errors: r.errors, concurrency, seconds });
  }
} finally {
  await server.stop();
}
