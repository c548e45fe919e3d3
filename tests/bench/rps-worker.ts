/**
 * The load side of rps.ts, in its own process: `concurrency` loops of authenticated GETs
 * for `seconds` (and never more than MAX_REQUESTS), then one JSON line with the figures.
 *   bun tests/bench/rps-worker.ts <url> <token> <seconds> <concurrency>
 */
import { percentile } from "./support.ts";

const [url, token, secondsArg, concurrencyArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
const concurrency = Number(concurrencyArg);
const MAX_REQUESTS = 5_000_000;
if (!url?.startsWith("http://127.0.0.1:") || !token || !(seconds > 0 && seconds <= 120) || !(concurrency > 0 && concurrency <= 512))
  throw new Error("usage: rps-worker.ts <loopback url> <token> <seconds 1..120> <concurrency 1..512>");

const latencies: number[] = [];
let errors = 0;
let sent = 0;
const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
const started = performance.now();
const deadline = started + seconds * 1000;

async function loop() {
  while (performance.now() < deadline && sent < MAX_REQUESTS) {
    sent += 1;
    const t = performance.now();
    try {
      const res = await fetch(url!, { headers });
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - t);
      else errors += 1;
    } catch {
      errors += 1;
    }
  }
}

await Promise.all(Array.from({ length: concurrency }, loop));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({ ok: latencies.length, errors, seconds: elapsed, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }));
