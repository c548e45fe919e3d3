/**
 * Memory per idle WhatsApp session: one Bun process, a kernel on a temp data dir, N
 * connections of channel "whatsapp" and N sessions started with the REAL Baileys
 * boundary, pointed at a loopback WebSocket server that accepts and stays silent.
 *   bun tests/bench/whatsapp-sessions.ts        (BENCH_SESSIONS=50 by default)
 *
 * An "idle session" here: a Baileys socket whose WebSocket is open and whose Noise
 * handshake is never answered (WhatsApp's servers cannot be reached from here), with
 * its database-backed auth state, its lease, the session layer's listeners and the
 * message layer's hooks. A paired session also holds Signal sessions and app-state
 * keys (those live in the database; only a small LRU of them stays in memory).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../core/config.ts";
import { plans } from "../../core/db/tables.ts";
import { createKernel } from "../../core/kernel.ts";
import { serverPlugins } from "../../plugins/server.ts";
import { createBaileysBoundary } from "../../plugins/whatsapp/server/boundary/baileys-boundary.ts";
import { loadBaileys } from "../../plugins/whatsapp/server/boundary/load-baileys.ts";
import { createWhatsappPlugin } from "../../plugins/whatsapp/server/index.ts";
import { report } from "./support.ts";

const N = Number(process.env.BENCH_SESSIONS ?? 50);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MiB = (bytes: number) => bytes / 1024 / 1024;

function measure() {
  Bun.gc(true);
  const m = process.memoryUsage();
  return { rss: MiB(m.rss), heap: MiB(m.heapUsed) };
}

// A WhatsApp stand-in that accepts every WebSocket and never says a word.
let opened = 0;
const silent = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch: (req, server) => (server.upgrade(req) ? undefined : new Response("upgrade expected", { status: 426 })),
  websocket: { open: () => void opened++, message: () => {} },
});

const dataDir = mkdtempSync(join(tmpdir(), "bench-wa-"));
const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: "admin@admin.com", ADMIN_PASSWORD: "Admin123!", LOG_LEVEL: "warn", JOBS_POLL_MS: "0" });
const boundary = createBaileysBoundary({
  extraSocketConfig: { waWebSocketUrl: `ws://127.0.0.1:${silent.port}/ws/chat`, connectTimeoutMs: 30 * 60_000, defaultQueryTimeoutMs: undefined },
});
const kernel = await createKernel({
  config,
  plugins: serverPlugins.map((p) => (p.manifest.id === "whatsapp" ? createWhatsappPlugin({ boundary }) : p)),
  webAssets: null,
});
await kernel.start();

const call = async (method: string, path: string, token?: string, body?: unknown) => {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await kernel.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, { remoteAddress: "127.0.0.1" });
  const json = (await res.json().catch(() => null)) as any;
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
};

try {
  const { token } = await call("POST", "/auth/login", undefined, { email: "admin@admin.com", password: "Admin123!" });
  await kernel.db.update(plans).set({ connections: 0 }); // no plan limit for the bench
  const ids: number[] = [];
  for (let i = 0; i < N; i++) ids.push((await call("POST", "/whatsapp", token, { name: `Bench ${i}`, channel: "whatsapp" })).id);
  await sleep(500);
  const baseline = measure();

  // Baileys is loaded by the first session; count its code once, not per session.
  await loadBaileys();
  await sleep(200);
  const library = measure();

  const t0 = performance.now();
  for (const id of ids) await call("POST", `/whatsappsession/${id}`, token);
  const startMs = performance.now() - t0;
  for (let i = 0; i < 100 && opened < N; i++) await sleep(100);
  await sleep(3000);
  const after = measure();

  const perRss = (after.rss - library.rss) / N;
  const perHeap = (after.heap - library.heap) / N;
  console.log(
    `\nWhatsApp sessions: ${N} idle sessions in one process (real Baileys ${(await import("@whiskeysockets/baileys/package.json", { with: { type: "json" } })).default.version}).`,
  );
  console.log("An idle session = a Baileys socket with its WebSocket open to a silent loopback server (the Noise handshake is never");
  console.log("answered: WhatsApp's servers cannot be reached from here), its database-backed auth state, lease, listeners and hooks.\n");
  console.log(`  0 sessions (kernel + ${N} connections)  rss ${baseline.rss.toFixed(1)} MiB  heap ${baseline.heap.toFixed(1)} MiB`);
  console.log(`  + Baileys loaded (once per process)    rss ${library.rss.toFixed(1)} MiB  heap ${library.heap.toFixed(1)} MiB`);
  console.log(`  + ${N} sessions (${opened} WebSockets open)      rss ${after.rss.toFixed(1)} MiB  heap ${after.heap.toFixed(1)} MiB`);
  console.log(`  per session                            rss ${perRss.toFixed(2)} MiB  heap ${perHeap.toFixed(2)} MiB  (aim: < 15 MB)`);
  console.log(`  started ${N} sessions in ${startMs.toFixed(0)} ms\n`);
  report("whatsapp-sessions", {
    sessions: N,
    websockets_open: opened,
    baseline_rss: `${baseline.rss.toFixed(1)} MiB`,
    baileys_loaded_rss: `${library.rss.toFixed(1)} MiB`,
    total_rss: `${after.rss.toFixed(1)} MiB`,
    per_session_rss: `${perRss.toFixed(2)} MiB`,
    per_session_heap: `${perHeap.toFixed(2)} MiB`,
  });
} finally {
  await kernel.stop();
  silent.stop(true);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
