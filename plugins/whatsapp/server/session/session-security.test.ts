import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { connectionOf, createWhatsapp, sessionEvents, sessionKernel, type SessionKernel, socketOf, socketsOf, until } from "./session.fixtures.ts";

let k: SessionKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let b: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let bConn: Record<string, any>;
beforeEach(async () => {
  k = await sessionKernel();
  a = await createCompanyWithAdmin(k.t, "Alfa");
  b = await createCompanyWithAdmin(k.t, "Beta");
  bConn = await createWhatsapp(k.t, b.token);
});
afterEach(() => k.t.close());

const userCalls = (id: number): [string, string][] => [
  ["POST", `/whatsappsession/${id}`],
  ["PUT", `/whatsappsession/${id}`],
  ["DELETE", `/whatsappsession/${id}`],
];

describe("whatsapp sessions: security (tenancy)", () => {
  it("company A can't start, renew or disconnect B's session: 404, nothing happens", async () => {
    await k.t.call("POST", `/whatsappsession/${bConn.id}`, { token: b.token });
    const socket = await socketOf(k.boundary, bConn.id);
    for (const [method, path] of userCalls(bConn.id)) {
      const res = await k.t.call(method, path, { token: a.token });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    }
    expect(socketsOf(k.boundary, bConn.id)).toHaveLength(1);
    expect(socket.ended || socket.loggedOut).toBe(false);
  });

  it("/whatsapp-restart touches only the caller's company", async () => {
    await k.t.call("POST", `/whatsappsession/${bConn.id}`, { token: b.token });
    const socket = await socketOf(k.boundary, bConn.id);
    socket.pair("5511900001111");
    await until(k.t, b.token, bConn.id, (c) => c.status === "CONNECTED");
    expect((await k.t.call("POST", "/whatsapp-restart", { token: a.token })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    expect(socketsOf(k.boundary, bConn.id)).toHaveLength(1);
    expect(socket.ended).toBe(false);
  });

  it("session events go to the connection's company only, never with the token", async () => {
    const emit = vi.spyOn(k.t.kernel.realtime, "emit");
    await k.t.call("POST", `/whatsappsession/${bConn.id}`, { token: b.token });
    (await socketOf(k.boundary, bConn.id)).emit("connection.update", { qr: "2@b" });
    await until(k.t, b.token, bConn.id, (c) => c.status === "qrcode");
    expect(emit.mock.calls.every((c) => c[0] === b.company.id)).toBe(true);
    expect(sessionEvents(emit, a.company.id)).toEqual([]);
    expect(JSON.stringify(emit.mock.calls)).not.toContain(bConn.token);
  });
});

describe("whatsapp sessions: security (permissions)", () => {
  it("no token answers 401", async () => {
    for (const [method, path] of [...userCalls(bConn.id), ["POST", "/whatsapp-restart"], ["DELETE", `/whatsappsession/admin/${bConn.id}`]]) {
      expect((await k.t.call(method!, path!)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("a plain user without allowConnections gets 403; with it, the routes work", async () => {
    const conn = await createWhatsapp(k.t, a.token);
    const plain = await createUser(k.t, a.company.id);
    for (const [method, path] of [...userCalls(conn.id), ["POST", "/whatsapp-restart"], ["POST", "/whatsapp-restart/"]]) {
      expect((await k.t.call(method!, path!, { token: plain.token })).status, `${method} ${path}`).toBe(403);
    }
    expect(k.boundary.sockets).toHaveLength(0);
    const allowed = await createUser(k.t, a.company.id, { allowConnections: "enabled" });
    expect((await k.t.call("POST", `/whatsappsession/${conn.id}`, { token: allowed.token })).status).toBe(200);
    expect((await k.t.call("DELETE", `/whatsappsession/${conn.id}`, { token: allowed.token })).status).toBe(200);
  });

  it("the admin route is for super users only, and reaches any company's connection", async () => {
    await k.t.call("POST", `/whatsappsession/${bConn.id}`, { token: b.token });
    const socket = await socketOf(k.boundary, bConn.id);
    socket.pair("5511900002222");
    await until(k.t, b.token, bConn.id, (c) => c.status === "CONNECTED");
    expect((await k.t.call("DELETE", `/whatsappsession/admin/${bConn.id}`, { token: a.token })).status).toBe(403);
    expect((await k.t.call("DELETE", `/whatsappsession/admin/${bConn.id}`, { token: b.token })).status).toBe(403);
    const superToken = (await k.t.login()).token;
    const res = await k.t.call("DELETE", `/whatsappsession/admin/${bConn.id}`, { token: superToken });
    expect(res).toMatchObject({ status: 200, body: { message: "Session disconnected." } });
    expect(socket.loggedOut).toBe(true);
    expect(await connectionOf(k.t, b.token, bConn.id)).toMatchObject({ status: "DISCONNECTED" });
    expect((await k.t.call("DELETE", "/whatsappsession/admin/999999", { token: superToken })).body).toEqual({ error: "ERR_NO_WAPP_FOUND" });
  });
});
