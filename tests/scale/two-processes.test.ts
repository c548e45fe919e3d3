import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { resolve } from "node:path";
import { login, ROOT, type RunningServer, startServer } from "../e2e/support/server.ts";
import { type RunningRedis, startRedis } from "../support/redis-server.ts";
import { type RunningSqld, startSqld } from "../support/sqld.ts";

/**
 * Issue 30's proof: Redis and a libSQL server (sqld) on loopback, two server processes (A and B)
 * with the same secrets on them, and the fake WhatsApp boundary. What each process sees is
 * checked over HTTP and Socket.IO; what is stored, straight in sqld.
 * Jobs (200 run exactly 200 times, also with one runner killed) and the one-minute cron tick run
 * once are proven on two kernels sharing one database in core/jobs/two-kernels.test.ts.
 */
const BOUNDARY = resolve(ROOT, "tests/e2e/support/fake-whatsapp-boundary.ts");
const LEASE_MS = 3000;
const SECRETS = {
  JWT_SECRET: "j".repeat(40),
  JWT_REFRESH_SECRET: "r".repeat(40),
  DATA_ENCRYPTION_KEY: "d".repeat(40),
};

let redis: RunningRedis;
let sqld: RunningSqld;
let db: Client;
let a: RunningServer;
let b: RunningServer;
const sockets: Socket[] = [];

const env = () => ({
  ...SECRETS,
  DATABASE_URL: sqld.url,
  REDIS_URL: redis.url,
  WHATSAPP_BOUNDARY_MODULE: BOUNDARY,
  WHATSAPP_LEASE_MS: String(LEASE_MS),
  JOBS_POLL_MS: "200",
  LOG_LEVEL: "warn",
});
const boot = () => startServer({ env: env(), timeoutMs: 120_000 });

beforeAll(async () => {
  [redis, sqld] = await Promise.all([startRedis(), startSqld()]);
  db = createClient({ url: sqld.url });
  // A first: it migrates and seeds the shared database; B boots on it.
  a = await boot();
  b = await boot();
}, 300_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await Promise.allSettled([a?.stop(), b?.stop()]);
  db?.close();
  await Promise.allSettled([redis?.stop(), sqld?.stop()]);
}, 60_000);

async function api(server: RunningServer, path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, accept: "application/json", "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function open(server: RunningServer, companyId: number, token: string, reconnection = false): Socket {
  const s = connect(`${server.url}/${companyId}`, {
    path: "/socket.io/",
    auth: { token },
    transports: ["websocket"],
    reconnection,
    reconnectionDelay: 200,
    reconnectionDelayMax: 200,
  });
  sockets.push(s);
  return s;
}
const connected = (s: Socket) =>
  new Promise<void>((done, fail) => {
    if (s.connected) return done();
    s.once("connect", () => done());
    s.once("connect_error", fail);
  });
const next = (s: Socket, event: string) => new Promise<unknown>((done) => s.once(event, done));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("two server processes on Redis and sqld", () => {
  it("(1) a write on B is read on A; (2) a socket on A gets the event of a write on B", async () => {
    const { token, user } = await login(a.url);
    const s = open(a, user.companyId, token);
    await connected(s);
    const event = next(s, `company-${user.companyId}-tag`);
    const created = await api(b, "/tags", token, { method: "POST", body: { name: "Escalado", color: "#ff0000" } });
    expect(created.status).toBe(200);
    expect(await event).toMatchObject({ action: "create", tag: { id: created.body.id, name: "Escalado" } });
    const read = await api(a, `/tags/${created.body.id}`, token);
    expect(read.body).toMatchObject({ id: created.body.id, name: "Escalado" });
  });

  it("(2) a user deleted on B loses A's socket at once", async () => {
    const admin = await login(a.url);
    const email = `agent-${Date.now()}@x.com`;
    const made = await api(b, "/users", admin.token, { method: "POST", body: { name: "Agente", email, password: "Secret123!", profile: "admin" } });
    expect(made.status).toBe(200);
    const agent = await login(a.url, email, "Secret123!");
    const s = open(a, agent.user.companyId, agent.token);
    await connected(s);
    const gone = next(s, "disconnect");
    expect((await api(b, `/users/${made.body.id}`, admin.token, { method: "DELETE" })).status).toBe(200);
    expect(await gone).toBe("io server disconnect");
  });

  it("(6) a client dropped from A and reconnected to B receives the events it missed", async () => {
    const { token, user } = await login(a.url);
    const s = open(a, user.companyId, token, true);
    await connected(s);
    await sleep(200);
    const first = next(s, `company-${user.companyId}-tag`);
    await api(a, "/tags", token, { method: "POST", body: { name: "Antes", color: "#00ff00" } });
    await first;
    const manager = s.io as unknown as { uri: string; engine: { close(): void } };
    manager.uri = b.url; // the proxy sends the next connection to B
    const dropped = next(s, "disconnect");
    manager.engine.close();
    await dropped;
    const missed = await api(b, "/tags", token, { method: "POST", body: { name: "Durante", color: "#0000ff" } });
    const seen: { tag?: { id: number } }[] = [];
    s.on(`company-${user.companyId}-tag`, (p) => seen.push(p));
    await connected(s);
    expect(s.recovered).toBe(true);
    await vi.waitFor(() => expect(seen.map((p) => p.tag?.id)).toContain(missed.body.id), { timeout: 5_000 });
  });

  it("(3) one process drives a WhatsApp session; SIGKILL it and the other takes it once the lease lapses, never two at once", async () => {
    const { token } = await login(a.url);
    const conn = await api(a, "/whatsapp", token, { method: "POST", body: { name: "Zap", channel: "whatsapp" } });
    expect(conn.status, `${JSON.stringify(conn.body)}\n${a.output().slice(-3000)}`).toBe(200);
    const id = conn.body.id as number;
    expect((await api(a, `/whatsappsession/${id}`, token, { method: "POST", body: {} })).status).toBe(200);
    // Paired through A's fake phone (its DATA_DIR): A drives the session.
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(resolve(a.dataDir, "fake-whatsapp"), { recursive: true });
    writeFileSync(resolve(a.dataDir, "fake-whatsapp", `pair-${id}`), "5511999990000");
    await vi.waitFor(async () => expect((await api(b, `/whatsapp/${id}`, token)).body.status).toBe("CONNECTED"), { timeout: 15_000, interval: 200 });
    const lease = async () => (await db.execute({ sql: "select owner, expires_at from whatsapp_session_leases where whatsapp_id = ?", args: [id] })).rows[0];
    const ownerA = (await lease())?.owner;
    expect(ownerA).toBeTruthy();
    // B is told to start it too: refused while A's lease lives.
    expect((await api(b, `/whatsappsession/${id}`, token, { method: "POST", body: {} })).body).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED" });

    const samples: { at: number; owner: unknown; expiresAt: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const row = await lease();
        samples.push({ at: Date.now(), owner: row?.owner ?? null, expiresAt: Number(row?.expires_at ?? 0) });
        await sleep(100);
      }
    })();
    const killedAt = Date.now();
    a.process.kill("SIGKILL");
    await vi.waitFor(
      async () => {
        const row = await lease();
        expect(row?.owner && row.owner !== ownerA).toBe(true);
      },
      { timeout: 4 * LEASE_MS, interval: 100 },
    );
    const takenAt = Date.now();
    sampling = false;
    await sampler;
    // Taken within the lease plus B's standby retry (it retries every lease), never while A's lease was live.
    expect(takenAt - killedAt).toBeLessThanOrEqual(2 * LEASE_MS + 1000);
    const firstB = samples.find((x) => x.owner !== ownerA && x.owner !== null);
    const lastA = [...samples].reverse().find((x) => x.owner === ownerA);
    if (firstB && lastA) expect(firstB.at).toBeGreaterThanOrEqual(lastA.expiresAt);
    await vi.waitFor(async () => expect((await api(b, `/whatsapp/${id}`, token)).body.status).toBe("CONNECTED"), { timeout: 10_000, interval: 200 });
    a = await boot();
  });

  it("(7) an inbound burst split across both, one killed mid-burst: every acknowledged message is stored exactly once", async () => {
    const { token } = await login(a.url);
    const conn = await api(a, "/whatsapp", token, { method: "POST", body: { name: "Ponte", channel: "api", webhookUrl: "" } });
    expect(conn.status).toBe(200);
    const apiToken = conn.body.token as string;
    const send = async (server: RunningServer, n: number) => {
      try {
        const res = await fetch(`${server.url}/channels/api/inbound`, {
          method: "POST",
          headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
          body: JSON.stringify({ id: `burst-${n}`, number: `55119${String(n % 20).padStart(8, "0")}`, body: `mensagem ${n}` }),
          signal: AbortSignal.timeout(20_000),
        });
        return res.status === 200;
      } catch {
        return false;
      }
    };
    const TOTAL = 200;
    const acknowledged = new Set<number>();
    const failed: number[] = [];
    let killed = false;
    const queue = Array.from({ length: TOTAL }, (_, n) => n);
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        if (!killed && n >= TOTAL / 2) {
          killed = true;
          b.process.kill("SIGKILL");
        }
        const ok = await send(n % 2 ? b : a, n);
        ok ? acknowledged.add(n) : failed.push(n), undefined;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(acknowledged.size).toBeGreaterThan(TOTAL / 2);
    // The integrator retries what was not acknowledged, on the process left: the id dedupes.
    for (const n of failed) if (await send(a, n)) acknowledged.add(n);
    expect(acknowledged.size).toBe(TOTAL);
    const rows = await db.execute({ sql: "select provider_id, count(*) as n from messages where whatsapp_id = ? group by provider_id", args: [conn.body.id] });
    const stored = new Map(rows.rows.map((r) => [String(r.provider_id), Number(r.n)]));
    for (const n of acknowledged) expect(stored.get(`burst-${n}`), `burst-${n}`).toBe(1);
    expect(stored.size).toBe(TOTAL);
    b = await boot();
  });
});
