import { eq } from "drizzle-orm";
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nextEvent } from "../../tests/runtime/realtime-client.ts";
import { createCompanyWithAdmin } from "../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { companies, users } from "../db/tables.ts";
import { serveNode } from "../runtime/serve-node.ts";

/**
 * Where a handshake's credential may be: the access token in the usual places, or (the
 * original web client, which sends only `query.userId` from a page of our origin) the
 * refresh cookie. A bare user id proves nothing.
 */
let t: TestKernel;
let server: { port: number; close(): void };
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
  server = await serveNode(t.kernel, 0, "127.0.0.1");
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  server.close();
  await t.close();
});

const base = () => `http://127.0.0.1:${server.port}`;

/** Opens a socket as a client would and resolves with "connected" or the refusal's code. */
function attempt(namespace: string | number, options: Partial<ManagerOptions & SocketOptions>): Promise<{ outcome: string; socket: Socket }> {
  const socket = io(`${base()}/${namespace}`, { reconnection: false, forceNew: true, timeout: 10_000, ...options });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once("connect", () => resolve({ outcome: "connected", socket }));
    socket.once("connect_error", (err) => resolve({ outcome: err.message, socket }));
  });
}
const outcome = async (namespace: string | number, options: Partial<ManagerOptions & SocketOptions>) => (await attempt(namespace, options)).outcome;

/** The original client's handshake: its company's namespace, `query.userId`, and whatever cookie its origin holds. */
const originalClient = (companyId: number, userId: number, cookie?: string, extra: Record<string, string> = {}) =>
  attempt(companyId, { query: { userId: String(userId) }, extraHeaders: { ...(cookie ? { cookie } : {}), ...extra } });

describe("socket admission: credentials (happy)", () => {
  it("takes the access token from auth.token, query.token or the Authorization header", async () => {
    const { token, user } = await t.login();
    expect(await outcome(1, { auth: { token }, transports: ["websocket"] })).toBe("connected");
    expect(await outcome(1, { query: { token }, transports: ["websocket"] })).toBe("connected");
    expect(await outcome(1, { query: { token, userId: String(user.id) } })).toBe("connected");
    expect(await outcome(1, { extraHeaders: { authorization: `Bearer ${token}` }, transports: ["websocket"] })).toBe("connected");
    expect(await outcome(1, { extraHeaders: { authorization: `Bearer ${token}` }, transports: ["polling"] })).toBe("connected");
  });

  it("the original client (query.userId and the refresh cookie) connects, upgrades to websocket and hears its company", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const { cookie } = await t.login(acme.email, acme.password);
    const { outcome: result, socket } = await originalClient(acme.company.id, acme.user.id, `theme=dark; ${cookie}`);
    expect(result).toBe("connected");
    // Polling first, then the websocket upgrade: the cookie went along with both.
    if (socket.io.engine.transport.name !== "websocket") await new Promise((r) => socket.io.engine.once("upgrade", r));
    expect(socket.io.engine.transport.name).toBe("websocket");
    const heard = nextEvent(socket, `company-${acme.company.id}-ticket`);
    t.kernel.realtime.emit(acme.company.id, `company-${acme.company.id}-ticket`, { action: "update", ticket: { id: 7 } });
    expect(await heard).toEqual({ action: "update", ticket: { id: 7 } });
    const [live] = await t.kernel.realtime.io.of(`/${acme.company.id}`).fetchSockets();
    expect(live?.data.user).toMatchObject({ id: acme.user.id, companyId: acme.company.id });
  });

  it("reads the cookie without rotating or consuming it: the page's own refresh still works", async () => {
    const { cookie, user } = await t.login();
    const [before] = await t.kernel.db.select().from(users).where(eq(users.id, user.id));
    expect((await originalClient(1, user.id, cookie, { origin: base() })).outcome).toBe("connected");
    expect((await originalClient(1, user.id, cookie)).outcome).toBe("connected");
    const [after] = await t.kernel.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.tokenVersion).toBe(before?.tokenVersion);
    expect((await t.call("POST", "/auth/refresh_token", { headers: { cookie } })).status).toBe(200);
  });
});

describe("socket admission: refusals (security)", () => {
  it("a bare query.userId, as the original client sends it without a cookie, stays ERR_SESSION_EXPIRED", async () => {
    expect((await originalClient(1, 1)).outcome).toBe("ERR_SESSION_EXPIRED");
    expect(await outcome(1, { query: { userId: "1" }, transports: ["websocket"] })).toBe("ERR_SESSION_EXPIRED");
  });

  it("a query.userId that is not the authenticated user is refused, whatever the credential", async () => {
    const { token, cookie, user } = await t.login();
    const other = user.id + 1;
    expect((await originalClient(1, other, cookie)).outcome).toBe("ERR_NO_PERMISSION");
    expect(await outcome(1, { auth: { token }, query: { userId: String(other) }, transports: ["websocket"] })).toBe("ERR_NO_PERMISSION");
    expect(await outcome(1, { query: { token, userId: String(other) }, transports: ["websocket"] })).toBe("ERR_NO_PERMISSION");
  });

  it("a revoked cookie (logout, or a login elsewhere) is ERR_SESSION_EXPIRED, as /auth/refresh_token answers", async () => {
    const first = await t.login();
    const second = await t.login();
    // The second login ended the first session.
    expect((await originalClient(1, first.user.id, first.cookie)).outcome).toBe("ERR_SESSION_EXPIRED");
    expect((await originalClient(1, second.user.id, second.cookie)).outcome).toBe("connected");
    await t.call("DELETE", "/auth/logout", { headers: { cookie: second.cookie } });
    expect((await originalClient(1, second.user.id, second.cookie)).outcome).toBe("ERR_SESSION_EXPIRED");
    expect((await originalClient(1, second.user.id, "jrt=ey.forged.cookie")).outcome).toBe("ERR_SESSION_EXPIRED");
  });

  it("a cookie opens only its user's company namespace, and not while the company is disabled", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const { cookie } = await t.login(acme.email, acme.password);
    expect((await attempt(1, { extraHeaders: { cookie } })).outcome).toBe("ERR_NO_PERMISSION");
    await t.kernel.db.update(companies).set({ status: false }).where(eq(companies.id, acme.company.id));
    await t.kernel.companyAccess.invalidate(acme.company.id);
    const refused = await originalClient(acme.company.id, acme.user.id, cookie);
    expect(refused.outcome).toBe("ERR_COMPANY_INACTIVE");
  });

  it("a cookie sent from another site's page is refused (cross-site WebSocket hijacking); our own origin is let in", async () => {
    const { cookie, user } = await t.login();
    const evil = { origin: "https://evil.example" };
    expect((await originalClient(1, user.id, cookie, evil)).outcome).toBe("ERR_NO_PERMISSION");
    expect(await outcome(1, { extraHeaders: { cookie, ...evil }, transports: ["websocket"] })).toBe("ERR_NO_PERMISSION");
    expect((await originalClient(1, user.id, cookie, { origin: base() })).outcome).toBe("connected");
  });
});
