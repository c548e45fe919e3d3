import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { resolve } from "node:path";
import { login, ROOT, type RunningServer, startServer } from "../e2e/support/server.ts";
import { type RunningRedis, startRedis } from "../support/redis-server.ts";
import { type RunningSqld, startSqld } from "../support/sqld.ts";
import { type Receiver, startReceiver } from "../../plugins/api-channel/server/webhook-receiver.fixtures.ts";

/**
 * Issue 30's proof: Redis and a libSQL server (sqld) on loopback, two server processes (A and B)
 * with the same secrets on them, and the fake WhatsApp boundary. What each process sees is
 * checked over HTTP and Socket.IO; what is stored, straight in sqld. Jobs are real ones: the
 * API channel's outbound deliveries (tickets.deliver) to a loopback webhook receiver, and the
 * tickets plugin's one-minute expiry tick.
 */
const BOUNDARY = resolve(ROOT, "tests/e2e/support/fake-whatsapp-boundary.ts");
const LEASE_MS = 3000;
/** A job lease short enough that a killed process's job runs elsewhere within the test. */
const JOB_LEASE_MS = 3000;
/** Each process serves its own /metrics: handler runs are summed over A and B. */
const METRICS_TOKEN = "metrics-token-of-the-scale-proof";
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
let receiver: Receiver | undefined;
const sockets: Socket[] = [];

const env = () => ({
  ...SECRETS,
  DATABASE_URL: sqld.url,
  REDIS_URL: redis.url,
  WHATSAPP_BOUNDARY_MODULE: BOUNDARY,
  WHATSAPP_LEASE_MS: String(LEASE_MS),
  JOBS_POLL_MS: "200",
  JOBS_LEASE_MS: String(JOB_LEASE_MS),
  METRICS_TOKEN,
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
  await receiver?.close();
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

  it("(2) an admin demoted on B: A's socket leaves the full-numbers room and gets masked numbers from then on", async () => {
    const admin = await login(a.url);
    const companyId = admin.user.companyId;
    // LGPD hiding on: a contact's full number goes to the admins' room, a masked copy to plain users'.
    expect((await api(b, "/settings/lgpdHideNumber", admin.token, { method: "PUT", body: { value: "enabled" } })).status).toBe(200);
    const email = `chefe-${Date.now()}@x.com`;
    const made = await api(b, "/users", admin.token, { method: "POST", body: { name: "Chefe", email, password: "Secret123!", profile: "admin" } });
    expect(made.status).toBe(200);
    const boss = await login(a.url, email, "Secret123!");
    const s = open(a, companyId, boss.token);
    await connected(s);
    const numbers: string[] = [];
    s.on(`company-${companyId}-contact`, (p: { contact?: { number?: string } }) => p.contact?.number && numbers.push(p.contact.number));
    const contact = async (n: number) => {
      const res = await api(b, "/contacts", admin.token, { method: "POST", body: { name: `Cliente ${n}`, number: `55119876${String(n).padStart(5, "0")}` } });
      expect(res.status).toBe(200);
      return res.body.number as string;
    };
    const whole = await contact(Date.now() % 100_000);
    await vi.waitFor(() => expect(numbers).toContain(whole), { timeout: 5_000 });

    expect((await api(b, `/users/${made.body.id}`, admin.token, { method: "PUT", body: { profile: "user" } })).status).toBe(200);
    // B tells A through Redis; A re-reads the user and moves the socket. Contacts made after that reach it masked only.
    await vi.waitFor(
      async () => {
        numbers.length = 0;
        const full = await contact(Date.now() % 100_000);
        await sleep(300);
        expect(numbers.length).toBeGreaterThan(0);
        expect(numbers).not.toContain(full);
        expect(numbers.every((x) => x.includes("*"))).toBe(true);
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(s.connected).toBe(true);
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

  it("(4) 200 jobs run once each across both, one process SIGKILLed in the middle", async () => {
    // The jobs: the API channel's outbound deliveries (tickets.deliver), one per message sent,
    // posted to a loopback receiver that counts them by their delivery key.
    let apiToken = "";
    receiver = await startReceiver(() => apiToken);
    const { token } = await login(a.url);
    const conn = await api(a, "/whatsapp", token, { method: "POST", body: { name: "Saída", channel: "api", webhookUrl: receiver.url } });
    expect(conn.status).toBe(200);
    apiToken = conn.body.token as string;
    const inbound = await fetch(`${a.url}/channels/api/inbound`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
      body: JSON.stringify({ id: "saida-0", number: "5511977770000", body: "oi" }),
    });
    const ticketId = ((await inbound.json()) as { ticketId: number }).ticketId;
    expect((await api(a, `/tickets/${ticketId}`, token, { method: "PUT", body: { status: "open" } })).status).toBe(200);
    const posts = () => receiver!.received.filter((r) => r.body?.event === "message.created").map((r) => String(r.headers["x-webhook-delivery"]));
    // A slow receiver while the 200 are enqueued, so most deliveries are still waiting when B dies.
    receiver.delay(1000);
    const TOTAL = 200;
    const queue = Array.from({ length: TOTAL }, (_, n) => n);
    const sent: number[] = [];
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        const res = await api(n % 2 ? b : a, `/messages/${ticketId}`, token, { method: "POST", body: { body: `saída ${n}` } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        sent.push(res.body.id as number);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    receiver.delay(10);
    await vi.waitFor(() => expect(posts().length).toBeGreaterThanOrEqual(TOTAL / 4), { timeout: 30_000, interval: 50 });
    const beforeKill = posts().length;
    b.process.kill("SIGKILL");
    // B comes back meanwhile (a supervisor would restart it) and takes its share again.
    const rebooting = boot();
    await vi.waitFor(() => expect(new Set(posts()).size).toBe(TOTAL), { timeout: 60_000, interval: 200 });
    expect(beforeKill).toBeLessThan(TOTAL);

    const deliveries = () =>
      db.execute({ sql: "select status, attempts, lease_owner from jobs where kind = 'tickets.deliver' and lane = ?", args: [`tickets.deliver:connection:${conn.body.id}`] });
    // The last job is marked done just after its post was answered.
    await vi.waitFor(async () => expect((await deliveries()).rows.filter((r) => r.status !== "done")).toEqual([]), { timeout: 5_000, interval: 100 });
    const rows = await deliveries();
    expect(rows.rows).toHaveLength(TOTAL);
    expect(rows.rows.every((r) => r.status === "done")).toBe(true);
    // Both processes ran deliveries.
    expect(new Set(rows.rows.map((r) => r.lease_owner)).size).toBeGreaterThanOrEqual(2);
    // Each job ran to completion once. An effect outside the database cannot be exactly once
    // under SIGKILL: the one delivery B may have been posting when it died runs again on A
    // once its lease lapses, with the same X-Webhook-Delivery key (the integrator dedupes on it).
    const perKey = new Map<string, number>();
    for (const key of posts()) perKey.set(key, (perKey.get(key) ?? 0) + 1);
    expect(perKey.size).toBe(TOTAL);
    expect([...perKey.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
    const acks = await db.execute({ sql: `select count(*) as n from messages where ticket_id = ? and from_me = 1 and ack >= 1`, args: [ticketId] });
    expect(Number(acks.rows[0]?.n)).toBe(TOTAL);
    expect(sent).toHaveLength(TOTAL);
    b = await rebooting;
  }, 120_000);

  it("(5) a one-minute cron tick runs once on the two processes: one job row, and its handler run once over A and B", async () => {
    // The tickets plugin's expiry sweep ticks every minute in each process; the tick after both are up must run once.
    const handlerRuns = async () => {
      let sum = 0;
      for (const server of [a, b]) {
        const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        const series = 'atende_jobs_runs_total{kind="tickets.expiry",outcome="done"} ';
        const line = text.split("\n").find((l) => l.startsWith(series));
        sum += line ? Number(line.slice(series.length)) : 0;
      }
      return sum;
    };
    const since = Date.now();
    const runsBefore = await handlerRuns();
    const sinceIso = new Date(since).toISOString();
    const ticks = async () =>
      (await db.execute({ sql: "select payload, status, attempts, dedupe_key, updated_at from jobs where kind = 'tickets.expiry'" })).rows.map((r) => ({
        at: Number(JSON.parse(String(r.payload)).at),
        status: r.status,
        attempts: Number(r.attempts),
        key: String(r.dedupe_key),
        finished: String(r.updated_at),
      }));
    await vi.waitFor(async () => expect((await ticks()).some((t) => t.at > since && t.status === "done")).toBe(true), { timeout: 65_000, interval: 500 });
    // Time for a second process that (wrongly) ran the tick too to finish its run.
    await sleep(2_000);
    const done = (await ticks()).filter((t) => t.at > since && t.status === "done");
    for (const t of done) {
      expect(done.filter((x) => x.at === t.at)).toHaveLength(1);
      expect(t.attempts).toBe(1);
    }
    // Every tick finished since the first count ran its handler once, in one of the two processes.
    const finished = (await ticks()).filter((t) => t.status === "done" && t.finished >= sinceIso);
    expect(finished.length).toBeGreaterThanOrEqual(1);
    expect((await handlerRuns()) - runsBefore).toBe(finished.length);
  }, 75_000);
});
