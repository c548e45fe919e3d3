import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { whatsappAuthKeys } from "../../schema/tables.ts";
import { connectionOf, createWhatsapp, sessionEvents, sessionKernel, type SessionKernel, socketOf, socketsOf, until } from "./session.fixtures.ts";

let k: SessionKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  k = await sessionKernel();
  a = await createCompanyWithAdmin(k.t, "Alfa");
});
afterEach(() => k.t.close());

const keyRows = (id: number) => k.t.kernel.db.select().from(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, id));

async function connect(id: number, number = "5511999990000") {
  const start = await k.t.call("POST", `/whatsappsession/${id}`, { token: a.token });
  expect(start.status).toBe(200);
  const socket = await socketOf(k.boundary, id, socketsOf(k.boundary, id).length || 1);
  socket.emit("connection.update", { qr: "2@first" });
  socket.pair(number);
  await until(k.t, a.token, id, (c) => c.status === "CONNECTED");
  return socket;
}

describe("whatsapp sessions: pairing", () => {
  it("a QR reaches the connection and company-{id}-whatsappSession, without the token", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const emit = vi.spyOn(k.t.kernel.realtime, "emit");
    const res = await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    expect(res).toMatchObject({ status: 200, body: { message: "Starting session." } });
    const socket = await socketOf(k.boundary, conn.id);
    expect(socket.options).toMatchObject({ companyId: a.company.id, whatsappId: conn.id, syncFullHistory: false });
    expect(socket.options.auth.creds.registered).toBe(false);
    socket.emit("connection.update", { qr: "2@qr-one" });
    const c = await until(k.t, a.token, conn.id, (c) => c.status === "qrcode");
    expect(c).toMatchObject({ qrcode: "2@qr-one", retries: 1 });
    socket.emit("connection.update", { qr: "2@qr-two" });
    await until(k.t, a.token, conn.id, (c) => c.qrcode === "2@qr-two" && c.retries === 2);
    const events = sessionEvents(emit, a.company.id);
    expect(events[0]).toMatchObject({ action: "update", session: { id: conn.id, status: "OPENING" } });
    expect(events.at(-1)).toMatchObject({ action: "update", session: { id: conn.id, status: "qrcode", qrcode: "2@qr-two" } });
    for (const e of events) expect(e.session).not.toHaveProperty("token");
    expect(emit.mock.calls.some((call) => call[1] === `company-${a.company.id}-whatsapp`)).toBe(true);
  });

  it("pairs by code: the code is answered and sent on the event, status PAIRING", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const emit = vi.spyOn(k.t.kernel.realtime, "emit");
    const asked: string[] = [];
    const pending = k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token, body: { phoneNumber: "+55 (11) 99999-0000" } });
    const socket = await socketOf(k.boundary, conn.id);
    socket.requestPairingCode = async (n) => (asked.push(n), "ABCD1234");
    socket.emit("connection.update", { qr: "2@qr-hidden" });
    const res = await pending;
    expect(res).toMatchObject({ status: 200, body: { message: "Starting session.", pairingCode: "ABCD1234" } });
    expect(asked).toEqual(["5511999990000"]);
    const c = await until(k.t, a.token, conn.id, (c) => c.status === "PAIRING");
    expect(c.qrcode).toBe("");
    expect(sessionEvents(emit, a.company.id).at(-1)).toMatchObject({ session: { status: "PAIRING" }, pairingCode: "ABCD1234" });
    // Later QR refreshes keep the code on screen; the phone accepts it and the session opens.
    socket.emit("connection.update", { qr: "2@qr-hidden-2" });
    socket.pair("5511999990000");
    await until(k.t, a.token, conn.id, (c) => c.status === "CONNECTED");
  });

  it("a scan opens the session: CONNECTED with the number, qrcode cleared, retries 0; the credentials are saved", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    await connect(conn.id, "5511988887777");
    const c = await connectionOf(k.t, a.token, conn.id);
    expect(c).toMatchObject({ status: "CONNECTED", number: "5511988887777", qrcode: "", retries: 0 });
    const rows = await keyRows(conn.id);
    expect(rows.map((r) => `${r.type}/${r.keyId}`)).toContain("creds/creds");
  });

  it("an already connected session answers so and opens nothing new", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    await connect(conn.id);
    const res = await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    expect(res.body).toEqual({ message: "Session already connected." });
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1);
  });

  it("nobody scans: after maxQrRefreshes the socket ends with TIMEOUT and an empty qrcode", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    const socket = await socketOf(k.boundary, conn.id);
    for (let i = 1; i <= 6; i++) socket.emit("connection.update", { qr: `2@qr-${i}` });
    await until(k.t, a.token, conn.id, (c) => c.qrcode === "2@qr-6");
    socket.emit("connection.update", { qr: "2@qr-7" });
    const c = await until(k.t, a.token, conn.id, (c) => c.status === "TIMEOUT");
    expect(c.qrcode).toBe("");
    expect(socket.ended).toBe(true);
  });

  it("Baileys closing an unscanned QR socket (408) is a TIMEOUT, not a reconnect", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: a.token });
    const socket = await socketOf(k.boundary, conn.id);
    socket.emit("connection.update", { qr: "2@qr" });
    socket.drop(408);
    await until(k.t, a.token, conn.id, (c) => c.status === "TIMEOUT");
    await new Promise((r) => setTimeout(r, 80));
    expect(socketsOf(k.boundary, conn.id)).toHaveLength(1);
  });

  it("PUT shows a new QR: the linked device logs out, keys are wiped, a fresh socket starts unregistered", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const first = await connect(conn.id);
    const res = await k.t.call("PUT", `/whatsappsession/${conn.id}`, { token: a.token });
    expect(res).toMatchObject({ status: 200, body: { message: "Starting session." } });
    expect(first.loggedOut).toBe(true);
    const second = await socketOf(k.boundary, conn.id, 2);
    expect(second.options.auth.creds.registered).toBe(false);
    expect(second.options.auth.creds.me).toBeUndefined();
    second.emit("connection.update", { qr: "2@fresh" });
    await until(k.t, a.token, conn.id, (c) => c.status === "qrcode" && c.qrcode === "2@fresh");
  });

  it("DELETE disconnects: logout, keys wiped, DISCONNECTED", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const socket = await connect(conn.id);
    const res = await k.t.call("DELETE", `/whatsappsession/${conn.id}`, { token: a.token });
    expect(res).toMatchObject({ status: 200, body: { message: "Session disconnected." } });
    expect(socket.loggedOut).toBe(true);
    expect(await keyRows(conn.id)).toEqual([]);
    expect(await connectionOf(k.t, a.token, conn.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
  });
});

describe("whatsapp sessions: the message layer's seam", () => {
  it("hooks see every new socket before its events, and are detached when it is replaced", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const { SessionManager } = await import("./session-manager.ts");
    // A second manager on the same plugin context, as the message layer sees one.
    const m = new SessionManager(k.ctx, k.boundary);
    const seen: string[] = [];
    m.onSocket((live) => {
      const on = (u: { connection?: string }) => void (u.connection && seen.push(`${live.whatsappId}:${u.connection}`));
      live.socket.ev.on("connection.update", on);
      seen.push(`attached:${live.whatsappId}`);
      return () => {
        live.socket.ev.off("connection.update", on);
        seen.push("detached");
      };
    });
    await m.start(a.company.id, conn.id);
    const socket = await socketOf(k.boundary, conn.id);
    socket.pair("5511911112222");
    await vi.waitFor(() => expect(m.live(conn.id)?.connected).toBe(true));
    expect(m.connectedOf(a.company.id).map((l) => l.whatsappId)).toEqual([conn.id]);
    expect(m.connectedOf(a.company.id + 1000)).toEqual([]);
    socket.drop(515);
    await socketOf(k.boundary, conn.id, 2);
    expect(seen.slice(0, 4)).toEqual([`attached:${conn.id}`, `${conn.id}:open`, `${conn.id}:close`, "detached"]);
    expect(seen.at(-1)).toBe(`attached:${conn.id}`);
    expect(socket.emitter.listenerCount("connection.update")).toBe(0);
    await m.shutdown();
  });
});
