import { rmSync } from "node:fs";
import { request } from "node:http";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, login, startServer, type RunningServer } from "../e2e/support/server.ts";
import { connectCompany, nextEvent, refusal } from "./realtime-client.ts";

/** `bun plugins/main.ts` as a real process: HTTP, Socket.IO on the same port, and data on disk. */
describe("Bun runtime smoke", () => {
  let server: RunningServer;
  let token: string;
  let companyId: number;

  beforeAll(async () => {
    server = await startServer({ keepData: true });
    ({
      token,
      user: { companyId },
    } = await login(server.url));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
  });

  it("answers /version and logs the super admin in", async () => {
    const res = await fetch(`${server.url}/version`);
    expect(await res.json()).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(companyId).toBe(1);
    const me = await fetch(`${server.url}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email);
  });

  it("refuses a realtime connection without a token", async () => {
    expect(await refusal(connectCompany(server.url, companyId, undefined))).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses a token for company 1 on another company's namespace", async () => {
    expect(await refusal(connectCompany(server.url, 2, token))).toBe("ERR_NO_PERMISSION");
  });

  it("connects to the token's company over polling, then upgrades to websocket", async () => {
    const socket = io(`${server.url}/${companyId}`, { auth: { token }, transports: ["polling", "websocket"], reconnection: false, forceNew: true });
    try {
      // The engine exists as soon as the manager opens: watch it before anything arrives.
      const first = socket.io.engine.transport.name;
      const upgraded = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no upgrade within 10 s")), 10_000);
        socket.io.engine.once("upgrade", (transport: { name: string }) => (clearTimeout(timer), resolve(transport.name)));
      });
      const connected = new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      await connected;
      expect(first).toBe("polling");
      expect(await upgraded).toBe("websocket");
      expect(socket.io.engine.transport.name).toBe("websocket");
      // Still connected and usable after the switch.
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it("lets the original client in on its refresh cookie (query.userId, no token), over polling then websocket", async () => {
    const { cookie, user } = await login(server.url);
    const socket = io(`${server.url}/${user.companyId}`, { query: { userId: String(user.id) }, extraHeaders: { cookie, origin: server.url }, reconnection: false, forceNew: true });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      if (socket.io.engine.transport.name !== "websocket") await new Promise((resolve) => socket.io.engine.once("upgrade", resolve));
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
    const bare = io(`${server.url}/${user.companyId}`, { query: { userId: String(user.id) }, reconnection: false, forceNew: true });
    const refused = await new Promise<string>((resolve) => bare.once("connect_error", (err) => resolve(err.message)));
    bare.close();
    expect(refused).toBe("ERR_SESSION_EXPIRED");
  });

  it("does not compress websocket frames even when the client offers permessage-deflate", async () => {
    // Events are small and go to every socket of a company: deflating each copy cost CPU in the fan-out for no gain.
    const extensions = await new Promise<string | undefined>((resolve, reject) => {
      const req = request(`${server.url}/socket.io/?EIO=4&transport=websocket`, {
        headers: {
          connection: "Upgrade",
          upgrade: "websocket",
          "sec-websocket-version": "13",
          "sec-websocket-key": Buffer.from("fanout-deflate-1").toString("base64"),
          "sec-websocket-extensions": "permessage-deflate; client_max_window_bits",
        },
      });
      req.once("upgrade", (res, socket) => (socket.destroy(), resolve(res.headers["sec-websocket-extensions"])));
      req.once("response", (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
      req.once("error", reject);
      req.end();
    });
    expect(extensions).toBeUndefined();
  });

  it("delivers the company's events (a second login emits company-1-auth)", async () => {
    const socket = await connectCompany(server.url, companyId, token, ["websocket"]);
    try {
      const event = nextEvent<{ action: string; user: { id: number } }>(socket, `company-${companyId}-auth`);
      const again = await login(server.url);
      expect(await event).toEqual({ action: "update", user: { id: again.user.id } });
    } finally {
      socket.close();
    }
  });

  it("keeps its data across a restart on the same DATA_DIR without seeding again", { timeout: 120_000 }, async () => {
    const created = await fetch(`${server.url}/helps`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Survives a restart" }),
    });
    expect(created.status).toBe(200);
    await server.stop();
    // A different ADMIN_PASSWORD must change nothing: the seed runs only on an empty database.
    server = await startServer({ dataDir: server.dataDir, keepData: true, env: { ADMIN_PASSWORD: "another-password" } });
    expect(server.output()).not.toContain("seeded the platform company");
    expect(server.output()).not.toContain("Super admin created");
    const again = await login(server.url);
    const list = await fetch(`${server.url}/helps/list`, { headers: { authorization: `Bearer ${again.token}` } });
    expect(((await list.json()) as { title: string }[]).map((h) => h.title)).toContain("Survives a restart");
    expect(await refusal(connectCompany(server.url, companyId, again.token, ["websocket"]))).toBe("connected");
  });
});
