/**
 * The public messages API (plugins/messages-api, issue 29), against a real server process:
 *   (a) sustained accepted sends per second on ONE API-channel connection, pacing off (the
 *       connection's delivery lane has no pace by default) and the rate limit lifted, from
 *       BENCH_CLIENTS concurrent clients for BENCH_SECONDS; aim >= 2,000/s on 2 cores;
 *   (b) the time from the 202 to the integrator's webhook receiving the message (p50/p95) at a
 *       steady BENCH_LATENCY_RATE per second, the way an integrator sends (aim p95 < 1 s).
 * Each figure is printed beside its aim.
 *   bun tests/bench/messages-api.ts
 * Overrides: BENCH_SECONDS=10 BENCH_CLIENTS=32 BENCH_LATENCY_RATE=20 BENCH_LATENCY_SECONDS=10
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { benchServer, login, ms, now, percentile } from "./support.ts";

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = env("BENCH_SECONDS", 10);
const CLIENTS = env("BENCH_CLIENTS", 32);
const LATENCY_RATE = env("BENCH_LATENCY_RATE", 20);
const LATENCY_SECONDS = env("BENCH_LATENCY_SECONDS", 10);
const AIM_RATE = 2_000;
const AIM_P95_MS = 1_000;

/** The integrator's webhook: when each message.created arrived, by message id. */
const arrivals = new Map<number, number>();
const hook = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { event?: string; message?: { id?: number } };
      if (body.event === "message.created" && typeof body.message?.id === "number" && !arrivals.has(body.message.id)) arrivals.set(body.message.id, now());
    } catch {}
    res.writeHead(200);
    res.end("ok");
  });
});
await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;

const server = await benchServer({ env: { MESSAGES_API_RATE: "1000000", MESSAGES_API_BURST: "1000000", JOBS_POLL_MS: "50", ALLOWED_INTERNAL_HOSTS: "127.0.0.0/8" } });
try {
  const { token } = await login(server.url);
  const created = await fetch(`${server.url}/whatsapp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Bench API", channel: "api", webhookUrl: hookUrl }),
  });
  const connection = (await created.json()) as { token: string };
  const send = async (i: number) => {
    const res = await fetch(`${server.url}/api/messages/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.token}`, "content-type": "application/json" },
      body: JSON.stringify({ number: `55119${String(10_000_000 + (i % 1000))}`, body: `Pedido ${i} confirmado` }),
    });
    const body = (await res.json()) as { messageId?: number };
    return { status: res.status, messageId: body.messageId };
  };
  // Warm-up: the contacts exist, statements are prepared.
  for (let i = 0; i < 1000; i += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => send(i + k)));

  // (a) sustained accepted/s
  let accepted = 0;
  let refused = 0;
  let next = 0;
  const until = now() + SECONDS * 1000;
  const started = now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (now() < until) {
        const r = await send(next++);
        if (r.status === 202) accepted++;
        else refused++;
      }
    }),
  );
  const rate = accepted / ((now() - started) / 1000);

  // Let the backlog drain before timing single messages.
  const drainUntil = now() + 120_000;
  while (arrivals.size < accepted + 1000 && now() < drainUntil) await new Promise((r) => setTimeout(r, 200));
  const drained = arrivals.size;

  // (b) 202 -> webhook at a steady rate
  const sentAt = new Map<number, number>();
  const total = Math.round(LATENCY_RATE * LATENCY_SECONDS);
  for (let i = 0; i < total; i++) {
    const at = now();
    void send(1_000_000 + i).then((r) => r.messageId && sentAt.set(r.messageId, now()));
    await new Promise((r) => setTimeout(r, Math.max(0, 1000 / LATENCY_RATE - (now() - at))));
  }
  const waitUntil = now() + 30_000;
  while ([...sentAt.keys()].some((id) => !arrivals.has(id)) && now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  const latencies = [...sentAt.entries()].filter(([id]) => arrivals.has(id)).map(([id, at]) => arrivals.get(id)! - at);
  latencies.sort((a, b) => a - b);

  const row = (label: string, value: string, aim: string, ok: boolean) => console.log(`${label.padEnd(42)} ${value.padStart(14)}   aim ${aim.padEnd(12)} ${ok ? "ok" : "MISSED"}`);
  console.log(`messages API bench: ${CLIENTS} clients, ${SECONDS} s, one API connection, pacing off; load ${loadavg()[0]!.toFixed(2)}`);
  row("(a) accepted sends per second", rate.toFixed(0), `>= ${AIM_RATE}`, rate >= AIM_RATE);
  console.log(`    accepted ${accepted}, refused ${refused}; webhook received ${drained} of ${accepted + 1000} (warm-up included) after draining`);
  row("(b) 202 -> webhook p50", ms(percentile(latencies, 50)), "", true);
  row(`(b) 202 -> webhook p95 at ${LATENCY_RATE}/s`, ms(percentile(latencies, 95)), `< ${AIM_P95_MS} ms`, percentile(latencies, 95) < AIM_P95_MS);
  console.log(`    ${latencies.length} of ${total} delivered within the wait`);
} finally {
  await server.stop();
  hook.close();
}
