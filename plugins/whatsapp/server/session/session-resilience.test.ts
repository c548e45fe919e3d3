import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { whatsappAuthKeys, whatsappSessionLeases } from "../../schema/tables.ts";
import { FakeWaBoundary } from "../testing/fake-wa-socket.ts";
import { connectionOf, createWhatsapp, sessionKernel, type SessionKernel, sleep, socketOf, socketsOf, until } from "./session.fixtures.ts";
import { backoffDelay, defaultTuning, type SessionTuning } from "./tuning.ts";

let k: SessionKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function boot(tuning: Partial<SessionTuning> = {}) {
  k = await sessionKernel({ tuning });
  cleanups.push(() => k.t.close());
  a = await createCompanyWithAdmin(k.t, "Alfa");
}

async function connect(id: number, number = "5511999990000") {
  await k.t.call("POST", `/whatsappsession/${id}`, { token: a.token });
  const socket = await socketOf(k.boundary, id, socketsOf(k.boundary, id).length || 1);
  socket.pair(number);
  await until(k.t, a.token, id, (c) => c.status === "CONNECTED");
  return socket;
}

const keyCount = async (id: number) => (await k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, id))).length;

describe("whatsapp sessions: reconnects", () => {
  it("backoff is exponential with full jitter, capped", () => {
    const t = { ...defaultTuning, random: () => 0.999999 };
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, t))).toEqual([1999, 3999, 7999, 15999]);
    expect(backoffDelay(30, t)).toBe(299_999);
    expect(backoffDelay(5, { ...t, random: () => 0 })).toBe(0);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(3, defaultTuning)));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d).toBeGreaterThanOrEqual(0), expect(d).toBeLessThan(8000);
  });

  it("a lost connection reconnects after a backoff: OPENING with retries counted, then CONNECTED again", async () => {
    await boot({ backoffBaseMs: 60, backoffCapMs: 1_000, random: () => 1 });
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    const dropped = Date.now();
    first.drop(428);
    const c = await until(k.t, a.token, conn.id, (c) => c.status === "OPENING" && c.retries === 1);
    expect(c.qrcode).toBe("");
    const second = await socketOf(k.boundary, conn.id, 2);
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(55);
    // Resumed from the same credentials: no QR.
    expect(second.options.auth.creds.registered).toBe(true);
    second.drop(408);
    await until(k.t, a.token, conn.id, (c) => c.retries === 2);
    const third = await socketOf(k.boundary, conn.id, 3);
    third.emit("connection.update", { connection: "open" });
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED" && c.retries === 0);
  });

  it("a manual stop cancels a pending reconnect; a manual start replaces it", async () => {
    await boot({ backoffBaseMs: 250, backoffCapMs: 250, random: () => 1 });
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    first.drop(428);
    await until(k.t, a.token, conn.id, (c) => c.status === "OPENING" && c.retries === 1);
    const res = await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    expect(res.status).toBe(200);
    const second = await socketOf(k.boundary, conn.id, 2);
    second.drop(428);
    await until(k.t, a.token, conn.id, (c) => c.status === "OPENING" && c.retries === 1);
    await k.t.call("DELETE", `/whatsappsession/${conn.id}`, { token: a.token });
    await sleep(400);
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(2);
    expect(await connectionOf(k.t, a.token, conn.id)).toMatchObject({ status: "DISCONNECTED" });
  });

  it("515 restartRequired (right after pairing) reconnects at once", async () => {
    await boot({ backoffBaseMs: 10_000, backoffCapMs: 10_000, random: () => 1 });
    const conn = await createWhatsapp(k.t, a.token);
    await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    const first = await socketOf(k.boundary, conn.id);
    first.emit("connection.update", { qr: "2@qr" });
    first.emit("creds.update", { me: { id: "5511977776666:3@s.whatsapp.net" }, registered: true });
    first.drop(515);
    const second = await socketOf(k.boundary, conn.id, 2);
    second.pair("5511977776666");
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED" && c.number === "5511977776666");
  });

  it("logged out (401) stops, wipes the keys and asks for a new QR (DISCONNECTED); no reconnect", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    expect(await keyCount(conn.id)).toBeGreaterThan(0);
    socket.drop(401);
    await until(k.t, a.token, conn.id, (c) => c.status === "DISCONNECTED" && c.qrcode === "");
    expect(await keyCount(conn.id)).toBe(0);
    await sleep(80);
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1);
    // Starting again is a fresh pairing.
    await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    expect((await socketOf(k.boundary, conn.id, 2)).options.auth.creds.registered).toBe(false);
  });

  it("connectionReplaced (440) stops without wiping the keys", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    socket.drop(440);
    await until(k.t, a.token, conn.id, (c) => c.status === "DISCONNECTED");
    expect(await keyCount(conn.id)).toBeGreaterThan(0);
    await sleep(80);
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1);
  });
});

describe("whatsapp sessions: watchdog, bus, restart", () => {
  it("a CONNECTED socket that hears nothing for silenceMs is restarted", async () => {
    await boot({ silenceMs: 150, watchdogIntervalMs: 25 });
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    // Traffic keeps it alive.
    for (let i = 0; i < 4; i++) {
      await sleep(60);
      first.emit("presence.update", { id: "x@s.whatsapp.net", presences: {} });
    }
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1);
    const second = await socketOf(k.boundary, conn.id, 2);
    expect(first.ended).toBe(true);
    expect(first.loggedOut).toBe(false);
    second.emit("connection.update", { connection: "open" });
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED");
  });

  it("deleting the connection closes its socket (no logout)", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    expect((await k.t.call("DELETE", `/whatsapp/${conn.id}`, { token: a.token })).status).toBe(200);
    await vi.waitFor(() => expect(socket.ended).toBe(true), { timeout: 3_000 });
    expect(socket.loggedOut).toBe(false);
  });

  it("connections.session.reset logs out, wipes the keys and starts over with a QR", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    await k.t.kernel.bus.emit("connections.session.reset", { companyId: a.company.id, whatsappId: conn.id });
    expect(first.loggedOut).toBe(true);
    const second = await socketOf(k.boundary, conn.id, 2);
    expect(second.options.auth.creds.registered).toBe(false);
    second.emit("connection.update", { qr: "2@again" });
    await until(k.t, a.token, conn.id, (c) => c.status === "qrcode" && c.qrcode === "2@again");
  });

  it("POST /whatsapp-restart reopens the company's live sessions", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    for (const path of ["/whatsapp-restart", "/whatsapp-restart/"]) {
      const res = await k.t.call("POST", path, { token: a.token });
      expect(res).toMatchObject({ status: 200, body: { message: "Whatsapp restart." } });
    }
    await socketOf(k.boundary, conn.id, 2);
    expect(first.ended).toBe(true);
    expect(first.loggedOut).toBe(false);
  });
});

describe("whatsapp sessions: restart of the server, leases", () => {
  it("a new server on the same data dir resumes paired sessions without a QR, staggered", async () => {
    const first = await sessionKernel();
    const dataDir = first.t.dataDir;
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    a = await createCompanyWithAdmin(first.t, "Alfa");
    k = first;
    const one = await createWhatsapp(first.t, a.token);
    const two = await createWhatsapp(first.t, a.token);
    const never = await createWhatsapp(first.t, a.token);
    const s1 = await connect(one.id, "5511900000001");
    const s2 = await connect(two.id, "5511900000002");
    await k.t.call("POST", `/whatsappsession/${never.id}`, { token: a.token }); // unpaired: not resumed
    await first.t.kernel.stop();
    expect(s1.ended && s2.ended).toBe(true);
    expect(s1.loggedOut || s2.loggedOut).toBe(false);

    const boundary = new FakeWaBoundary();
    const made: number[] = [];
    const makeSocket = boundary.makeSocket.bind(boundary);
    boundary.makeSocket = (o) => (made.push(Date.now()), makeSocket(o));
    k = await sessionKernel({ boundary, env: { DATA_DIR: dataDir }, tuning: { bootStaggerMs: 120, bootJitterMs: 0 } });
    cleanups.push(() => k.t.close());
    const login = await k.t.login(a.email, a.password);
    await k.t.kernel.start();
    expect(made.length).toBeLessThan(2); // resuming runs in the background, staggered: boot did not wait for it
    const r1 = await socketOf(boundary, one.id);
    const r2 = await socketOf(boundary, two.id);
    expect(made[1]! - made[0]!).toBeGreaterThanOrEqual(110);
    expect(socketsOf(boundary, never.id)).toHaveLength(0);
    expect(r1.options.auth.creds.me?.id).toContain("5511900000001");
    expect(r1.options.auth.creds.registered).toBe(true);
    r1.emit("connection.update", { connection: "open" });
    r2.emit("connection.update", { connection: "open" });
    await until(k.t, login.token, one.id, (c) => c.status === "CONNECTED" && c.number === "5511900000001");
    await until(k.t, login.token, two.id, (c) => c.status === "CONNECTED");
  });

  it("one server drives a session at a time: a second one is refused while the lease lives", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    await connect(conn.id);
    const { SessionManager } = await import("./session-manager.ts");
    const otherBoundary = new FakeWaBoundary();
    const other = new SessionManager(k.ctx, otherBoundary, { leaseRenewMs: 60_000 });
    cleanups.push(() => other.shutdown());
    await expect(other.start(a.company.id, conn.id)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED", detail: { reason: "SESSION_OWNED_ELSEWHERE" } });
    expect(otherBoundary.sockets).toHaveLength(0);
    expect(await connectionOf(k.t, a.token, conn.id)).toMatchObject({ status: "CONNECTED" });
    // An expired lease (the first server died without releasing it) is taken over.
    await k.t.kernel.db
      .update(whatsappSessionLeases)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(whatsappSessionLeases.whatsappId, conn.id));
    await other.start(a.company.id, conn.id);
    expect(otherBoundary.sockets).toHaveLength(1);
  });

  it("440 after another server took the lease over: this one lets go, never reconnects, and leaves that server's lease and status alone", async () => {
    await boot();
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    const { SessionManager } = await import("./session-manager.ts");
    const otherBoundary = new FakeWaBoundary();
    const other = new SessionManager(k.ctx, otherBoundary, { leaseRenewMs: 60_000 });
    cleanups.push(() => other.shutdown());
    // This server stalled past its lease; the other one took the session and connected the number.
    await k.t.kernel.db
      .update(whatsappSessionLeases)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(whatsappSessionLeases.whatsappId, conn.id));
    await other.start(a.company.id, conn.id);
    (await socketOf(otherBoundary, conn.id)).emit("connection.update", { connection: "open" });
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED");
    // WhatsApp tells the first one its connection was replaced.
    socket.drop(440);
    await sleep(150);
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1);
    expect(await connectionOf(k.t, a.token, conn.id)).toMatchObject({ status: "CONNECTED" });
    const [lease] = await k.t.kernel.db.select().from(whatsappSessionLeases).where(eq(whatsappSessionLeases.whatsappId, conn.id));
    expect(lease?.owner).toBe(other.leases.owner);
    expect(await keyCount(conn.id)).toBeGreaterThan(0);
  });

  it("a server whose lease renewal fails drops the session locally, without logout or status change", async () => {
    await boot({ leaseRenewMs: 40 });
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    await k.t.kernel.db.update(whatsappSessionLeases).set({ owner: "another-server" }).where(eq(whatsappSessionLeases.whatsappId, conn.id));
    await until(k.t, a.token, conn.id, () => socket.ended);
    expect(socket.loggedOut).toBe(false);
    expect(await connectionOf(k.t, a.token, conn.id)).toMatchObject({ status: "CONNECTED" });
    expect(await keyCount(conn.id)).toBeGreaterThan(0);
  });

  it("the server driving a session claims the jobs pinned to it; once the lease is lost, it leaves them to the new holder", async () => {
    await boot({ leaseRenewMs: 40 });
    const ran: string[] = [];
    k.t.kernel.jobs.define<{ key: string }>("test.pinned", async ({ payload }) => void ran.push(payload.key), { affinity: (p) => p.key });
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    await k.t.kernel.jobs.enqueue("test.pinned", { key: `whatsapp:${conn.id}` });
    expect(await k.t.kernel.jobs.runDue()).toBe(1);
    await k.t.kernel.db.update(whatsappSessionLeases).set({ owner: "another-server" }).where(eq(whatsappSessionLeases.whatsappId, conn.id));
    await until(k.t, a.token, conn.id, () => socket.ended);
    await k.t.kernel.jobs.enqueue("test.pinned", { key: `whatsapp:${conn.id}` });
    expect(await k.t.kernel.jobs.runDue()).toBe(0);
    expect(ran).toEqual([`whatsapp:${conn.id}`]);
  });
});
