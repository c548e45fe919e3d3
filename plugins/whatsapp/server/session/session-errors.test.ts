import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { whatsappAuthKeys } from "../../schema/tables.ts";
import { AuthStore } from "./auth-state.ts";
import { connectionOf, createWhatsapp, sessionKernel, type SessionKernel, socketOf, socketsOf, until } from "./session.fixtures.ts";

let k: SessionKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  k = await sessionKernel({ tuning: { pairingTimeoutMs: 200 } });
  a = await createCompanyWithAdmin(k.t, "Alfa");
});
afterEach(() => k.t.close());

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), child: vi.fn() });

describe("whatsapp sessions: errors", () => {
  it("only channel whatsapp connections have sessions", async () => {
    const api = await createWhatsapp(k.t, a.token, { channel: "api" });
    for (const [method, path] of [
      ["POST", `/whatsappsession/${api.id}`],
      ["PUT", `/whatsappsession/${api.id}`],
      ["DELETE", `/whatsappsession/${api.id}`],
    ] as const) {
      const res = await k.t.call(method, path, { token: a.token });
      expect(res, `${method} ${path}`).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", fields: { channel: "Not a WhatsApp connection" } } });
    }
    expect(k.boundary.sockets).toHaveLength(0);
  });

  it("unknown ids answer ERR_NO_WAPP_FOUND, bad ids and bad phone numbers ERR_VALIDATION", async () => {
    expect((await k.t.call("POST", "/whatsappsession/999999", { token: a.token })).body).toEqual({ error: "ERR_NO_WAPP_FOUND" });
    expect((await k.t.call("POST", "/whatsappsession/abc", { token: a.token })).status).toBe(400);
    const conn = await createWhatsapp(k.t, a.token);
    for (const phoneNumber of ["123", "+1 (234) 567 890 123 456 78", "x".repeat(40)]) {
      const res = await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token, body: { phoneNumber } });
      expect(res.status, phoneNumber).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { phoneNumber: "Invalid number" } });
    }
    expect((await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token, body: { phoneNumber: 5511 } })).status).toBe(400);
    expect(k.boundary.sockets).toHaveLength(0);
  });

  it("a pairing code WhatsApp refuses answers ERR_WAPP_NOT_INITIALIZED and the QR shows instead", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const pending = k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token, body: { phoneNumber: "5511999990000" } });
    const socket = await socketOf(k.boundary, conn.id);
    socket.requestPairingCode = async () => {
      throw new Error("rate-overlimit");
    };
    socket.emit("connection.update", { qr: "2@fallback" });
    expect(await pending).toMatchObject({ status: 400, body: { error: "ERR_WAPP_NOT_INITIALIZED", reason: "PAIRING_CODE_REFUSED" } });
    await until(k.t, a.token, conn.id, (c) => c.status === "qrcode" && c.qrcode === "2@fallback");
  });

  it("no socket ready for a pairing code in time answers ERR_WAPP_NOT_INITIALIZED; the session keeps going with a QR", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const res = await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token, body: { phoneNumber: "5511999990000" } });
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_WAPP_NOT_INITIALIZED", reason: "PAIRING_CODE_TIMEOUT" } });
    (await socketOf(k.boundary, conn.id)).emit("connection.update", { qr: "2@late" });
    await until(k.t, a.token, conn.id, (c) => c.status === "qrcode" && c.qrcode === "2@late");
  });

  it("a socket that cannot be opened is retried with backoff", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const make = k.boundary.makeSocket.bind(k.boundary);
    let failures = 1;
    k.boundary.makeSocket = (o) => {
      if (failures-- > 0) throw new Error("network unreachable");
      return make(o);
    };
    expect((await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token })).status).toBe(200);
    await socketOf(k.boundary, conn.id);
    expect(await connectionOf(k.t, a.token, conn.id)).toMatchObject({ status: "OPENING", retries: 1 });
  });
});

describe("whatsapp sessions: keys in the database", () => {
  it("values are sealed at rest: the raw rows hold no plaintext credentials", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    const socket = await socketOf(k.boundary, conn.id);
    socket.pair("5511955554444");
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED");
    await socket.options.auth.keys.set({ "pre-key": { "7": { public: Buffer.from("pub-secret"), private: Buffer.from("priv-secret") } } });
    const rows = await k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, conn.id));
    expect(rows.map((r) => `${r.type}/${r.keyId}`).sort()).toEqual(["creds/creds", "pre-key/7"]);
    for (const row of rows) {
      expect(row.value).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
      for (const plain of ["noiseKey", "5511955554444", "registered", "Buffer", btoa("priv-secret")]) expect(row.value).not.toContain(plain);
      expect(row.companyId).toBe(a.company.id);
    }
    const creds = JSON.parse(await k.t.kernel.vault.openText(rows.find((r) => r.type === "creds")!.value));
    expect(creds).toMatchObject({ registered: true, me: { id: "5511955554444:7@s.whatsapp.net" } });
  });

  it("keys round-trip with Buffers, a null deletes, a fresh store reads what another wrote", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const store = new AuthStore(k.t.kernel.db, k.t.kernel.vault, logger() as never, 2);
    const auth = await store.load(a.company.id, conn.id);
    expect(auth.state.creds.registered).toBe(false);
    const key = { public: Buffer.from([1, 2, 3]), private: Buffer.from([4, 5, 6]) };
    await auth.state.keys.set({ "pre-key": { "1": key, "2": key, "3": key }, session: { "x.0": Buffer.from("s") } });
    await auth.saveCreds();
    const again = await new AuthStore(k.t.kernel.db, k.t.kernel.vault, logger() as never).load(a.company.id, conn.id);
    const got = await again.state.keys.get("pre-key", ["1", "2", "3", "404"]);
    expect(Object.keys(got).sort()).toEqual(["1", "2", "3"]);
    expect(Buffer.isBuffer(got["1"]!.private)).toBe(true);
    expect([...got["2"]!.private]).toEqual([4, 5, 6]);
    expect(Buffer.from(again.state.creds.noiseKey.private).equals(Buffer.from(auth.state.creds.noiseKey.private))).toBe(true);
    await auth.state.keys.set({ "pre-key": { "1": null, "2": null } });
    const third = await new AuthStore(k.t.kernel.db, k.t.kernel.vault, logger() as never).load(a.company.id, conn.id);
    expect(Object.keys(await third.state.keys.get("pre-key", ["1", "2", "3"]))).toEqual(["3"]);
    // The writer's own cache forgot the deleted keys too.
    expect(Object.keys(await auth.state.keys.get("pre-key", ["1", "2", "3"]))).toEqual(["3"]);
    expect(await store.resumable(conn.id)).toBe(false);
    await store.wipe(conn.id);
    expect(await k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, conn.id))).toEqual([]);
  });

  it("a failed key write throws and is logged, and nothing of it lands", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const log = logger();
    const store = new AuthStore(k.t.kernel.db, k.t.kernel.vault, log as never);
    const auth = await store.load(a.company.id, conn.id);
    const batch = vi.spyOn(k.t.kernel.db, "batch").mockRejectedValueOnce(new Error("SQLITE_FULL: database or disk is full"));
    const key = { public: Buffer.from([1]), private: Buffer.from([2]) };
    await expect(auth.state.keys.set({ "pre-key": { "9": key } })).rejects.toThrow("SQLITE_FULL");
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining("writing session keys failed"), expect.any(Error));
    batch.mockRejectedValueOnce(new Error("SQLITE_BUSY"));
    await expect(auth.saveCreds()).rejects.toThrow("SQLITE_BUSY");
    batch.mockRestore();
    expect(await k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, conn.id))).toEqual([]);
    // A key that cannot be sealed fails the whole call before anything is written.
    const seal = vi.spyOn(k.t.kernel.vault, "seal").mockRejectedValueOnce(new Error("crypto unavailable"));
    await expect(auth.state.keys.set({ "pre-key": { "10": key, "11": key } })).rejects.toThrow("crypto unavailable");
    seal.mockRestore();
    expect(await k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, conn.id))).toEqual([]);
  });

  it("credentials sealed with another key are not resumed (and say why in the log)", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    await k.t.kernel.db.insert(whatsappAuthKeys).values({ whatsappId: conn.id, companyId: a.company.id, type: "creds", keyId: "creds", value: "v1.AAAA.BBBB" });
    const log = logger();
    expect(await new AuthStore(k.t.kernel.db, k.t.kernel.vault, log as never).resumable(conn.id)).toBe(false);
    expect(log.error).toHaveBeenCalled();
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(0);
  });
});
