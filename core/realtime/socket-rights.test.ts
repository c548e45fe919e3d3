import { eq } from "drizzle-orm";
import { sign } from "hono/jwt";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectCompany, refusal } from "../../tests/runtime/realtime-client.ts";
import { createCompanyWithAdmin } from "../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { companies, users } from "../db/tables.ts";
import { serveNode } from "../runtime/serve-node.ts";

/** A socket's rights follow the user and the company as they are now, not as they were at the handshake. */
let t: TestKernel;
let server: { port: number; close(): void };
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
  server = await serveNode(t.kernel, 0, "127.0.0.1");
  // One policy, as a plugin would declare it: admins and plain users hear different rooms.
  t.kernel.realtime.roomPolicy((user) => [user.profile === "admin" ? "test-admins" : "test-users"]);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  server.close();
  await t.close();
});

async function open(companyId: number, token: string): Promise<Socket> {
  const socket = await connectCompany(`http://127.0.0.1:${server.port}`, companyId, token, ["websocket"]);
  sockets.push(socket);
  return socket;
}
const url = () => `http://127.0.0.1:${server.port}`;
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));
/** Resolves with the reason the server gave when it drops the socket. */
const dropped = (s: Socket, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    s.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
function heard(s: Socket, event: string): unknown[] {
  const got: unknown[] = [];
  s.on(event, (payload) => got.push(payload));
  return got;
}

describe("socket rights (happy)", () => {
  it("refreshUser moves a demoted user's sockets to the rooms their new rights give, and refreshes socket.data.user", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const s = await open(acme.company.id, acme.token);
    const got = heard(s, "probe");
    await settle();
    t.kernel.realtime.emit(acme.company.id, "probe", "for admins", "test-admins");
    await settle();
    expect(got).toEqual(["for admins"]);

    await t.kernel.db.update(users).set({ profile: "user" }).where(eq(users.id, acme.user.id));
    await t.kernel.realtime.refreshUser(acme.user.id);
    t.kernel.realtime.emit(acme.company.id, "probe", "for admins again", "test-admins");
    t.kernel.realtime.emit(acme.company.id, "probe", "for users", "test-users");
    await settle();
    expect(got).toEqual(["for admins", "for users"]);
    const [live] = await t.kernel.realtime.io.of(`/${acme.company.id}`).fetchSockets();
    expect(live?.data.user).toMatchObject({ id: acme.user.id, profile: "user" });
    // The kernel's own rooms stay: events for the person still reach them.
    expect(live?.rooms.has(`user-${acme.user.id}`)).toBe(true);
  });

  it("a policy's own refresh re-runs that policy alone: its dropped rooms are left, the other policies' rooms stay", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    let otherRuns = 0;
    t.kernel.realtime.roomPolicy(() => {
      otherRuns++;
      return ["test-other", "test-shared"];
    });
    let mine = ["test-mine-1", "test-mine-2", "test-shared"];
    const rooms = t.kernel.realtime.roomPolicy(() => mine);
    await open(acme.company.id, acme.token);
    await settle();
    const [before] = await t.kernel.realtime.io.of(`/${acme.company.id}`).fetchSockets();
    expect([...(before?.rooms ?? [])]).toEqual(expect.arrayContaining(["test-admins", "test-other", "test-shared", "test-mine-1", "test-mine-2"]));
    expect(otherRuns).toBe(1);

    mine = ["test-mine-2", "test-mine-3"];
    await rooms.refreshUser(acme.user.id);
    const [after] = await t.kernel.realtime.io.of(`/${acme.company.id}`).fetchSockets();
    const joined = [...(after?.rooms ?? [])].filter((r) => r.startsWith("test-")).sort();
    // test-shared stays: the other policy still gives it, though this one dropped it.
    expect(joined).toEqual(["test-admins", "test-mine-2", "test-mine-3", "test-other", "test-shared"]);
    expect(otherRuns).toBe(1);

    // A full refresh still runs them all and agrees.
    await t.kernel.realtime.refreshUser(acme.user.id);
    const [full] = await t.kernel.realtime.io.of(`/${acme.company.id}`).fetchSockets();
    expect([...(full?.rooms ?? [])].filter((r) => r.startsWith("test-")).sort()).toEqual(joined);
    expect(otherRuns).toBe(2);
  });

  it("an overdue company's sockets are let in (customers' messages are still stored; the bill locks HTTP routes)", async () => {
    const acme = await createCompanyWithAdmin(t, "Atrasada");
    await t.kernel.db.update(companies).set({ dueDate: "2000-01-01" }).where(eq(companies.id, acme.company.id));
    await t.kernel.companyAccess.invalidate(acme.company.id);
    expect(await refusal(connectCompany(url(), acme.company.id, acme.token, ["websocket"]))).toBe("connected");
  });

  it("a super user keeps their socket when their company is disabled (as over HTTP: they run the platform)", async () => {
    const { token } = await t.login();
    const s = await open(1, token);
    await t.kernel.db.update(companies).set({ status: false }).where(eq(companies.id, 1));
    await t.kernel.companyAccess.invalidate(1);
    await settle();
    expect(s.connected).toBe(true);
    expect(await refusal(connectCompany(url(), 1, token, ["websocket"]))).toBe("connected");
  });
});

describe("socket rights (security)", () => {
  it("a deleted user's token no longer opens a socket (as over HTTP)", async () => {
    const acme = await createCompanyWithAdmin(t, "Apagada");
    await t.kernel.db.delete(users).where(eq(users.id, acme.user.id));
    expect(await refusal(connectCompany(url(), acme.company.id, acme.token, ["websocket"]))).toBe("ERR_INVALID_TOKEN");
  });

  it("disconnectUser drops every socket of that user at once, and no one else's", async () => {
    const acme = await createCompanyWithAdmin(t, "Duas");
    const { token } = await t.login();
    const gone = await open(acme.company.id, acme.token);
    const stays = await open(1, token);
    const reason = dropped(gone);
    t.kernel.realtime.disconnectUser(acme.user.id);
    expect(await reason).toBe("io server disconnect");
    await settle();
    expect(stays.connected).toBe(true);
  });

  it("refreshUser drops the sockets of a user who no longer exists", async () => {
    const acme = await createCompanyWithAdmin(t, "Sumida");
    const s = await open(acme.company.id, acme.token);
    const reason = dropped(s);
    await t.kernel.db.delete(users).where(eq(users.id, acme.user.id));
    await t.kernel.realtime.refreshUser(acme.user.id);
    expect(await reason).toBe("io server disconnect");
  });

  it("a socket is dropped when its access token expires", async () => {
    const acme = await createCompanyWithAdmin(t, "Expira");
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await sign({ sub: acme.user.id, companyId: acme.company.id, profile: "admin", super: false, iat: now, exp: now + 2 }, t.kernel.secrets.jwt, "HS256");
    const s = await open(acme.company.id, shortLived);
    expect(s.connected).toBe(true);
    expect(await dropped(s, 4000)).toBe("io server disconnect");
    // And the same token is refused from then on, with the code clients refresh on.
    expect(await refusal(connectCompany(url(), acme.company.id, shortLived, ["websocket"]))).toBe("ERR_SESSION_EXPIRED");
  });

  it("a token without an expiry is refused (we never sign one)", async () => {
    const acme = await createCompanyWithAdmin(t, "Eterna");
    const forever = await sign({ sub: acme.user.id, companyId: acme.company.id, profile: "admin", super: false }, t.kernel.secrets.jwt, "HS256");
    expect(await refusal(connectCompany(url(), acme.company.id, forever, ["websocket"]))).toBe("ERR_SESSION_EXPIRED");
    expect((await t.call("GET", "/auth/me", { token: forever })).status).toBe(403);
  });

  it("a disabled company's sockets are dropped and its handshakes refused", async () => {
    const acme = await createCompanyWithAdmin(t, "Desligada");
    const { token } = await t.login();
    const s = await open(acme.company.id, acme.token);
    const platform = await open(1, token);
    const reason = dropped(s);
    await t.kernel.db.update(companies).set({ status: false }).where(eq(companies.id, acme.company.id));
    await t.kernel.companyAccess.invalidate(acme.company.id);
    expect(await reason).toBe("io server disconnect");
    expect(await refusal(connectCompany(url(), acme.company.id, acme.token, ["websocket"]))).toBe("ERR_COMPANY_INACTIVE");
    await settle();
    expect(platform.connected).toBe(true);
  });
});
