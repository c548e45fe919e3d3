import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { createTestKernel, type TestKernel } from "../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin } from "../../tests/support/fixtures.ts";
import { serveNode } from "../runtime/serve-node.ts";

let t: TestKernel;
let server: { port: number; close(): void };
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await createTestKernel({ plugins: [] });
  server = await serveNode(t.kernel, 0, "127.0.0.1");
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  server.close();
  await t.close();
});

function open(namespace: string, token?: string): Socket {
  const s = connect(`http://127.0.0.1:${server.port}${namespace}`, {
    path: "/socket.io/",
    auth: token ? { token } : {},
    transports: ["websocket"],
    reconnection: false,
  });
  sockets.push(s);
  return s;
}

const outcome = (s: Socket) =>
  new Promise<string>((resolve) => {
    s.on("connect", () => resolve("connected"));
    s.on("connect_error", (err) => resolve(err.message));
  });

describe("realtime: one authenticated namespace per company", () => {
  it("refuses a handshake without a token", async () => {
    expect(await outcome(open("/1"))).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses a forged token", async () => {
    expect(await outcome(open("/1", "ey.forged.token"))).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses another company's namespace", async () => {
    const { token } = await t.login();
    expect(await outcome(open("/2", token))).toBe("ERR_NO_PERMISSION");
  });

  it("refuses the root namespace", async () => {
    const { token } = await t.login();
    expect(await outcome(open("/", token))).toBe("ERR_NO_PERMISSION");
  });

  it("delivers company events to that company only", async () => {
    const { token } = await t.login();
    const other = await createCompanyWithAdmin(t, "Outra");
    const mine = open("/1", token);
    const theirs = open(`/${other.company.id}`, other.token);
    expect(await Promise.all([outcome(mine), outcome(theirs)])).toEqual(["connected", "connected"]);
    const leaked: unknown[] = [];
    theirs.onAny((event, payload) => leaked.push([event, payload]));
    const received = new Promise((resolve) => mine.on("company-1-user", resolve));
    t.kernel.realtime.emit(1, "company-1-user", { action: "update", user: { id: 1 } });
    expect(await received).toEqual({ action: "update", user: { id: 1 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toEqual([]);
  });

  it("emitAll reaches every company (platform announcements)", async () => {
    const { token } = await t.login();
    const other = await createCompanyWithAdmin(t, "Terceira");
    const a = open("/1", token);
    const b = open(`/${other.company.id}`, other.token);
    await Promise.all([outcome(a), outcome(b)]);
    const got = Promise.all([a, b].map((s) => new Promise((r) => s.on("company-announcement", r))));
    t.kernel.realtime.emitAll("company-announcement", { action: "create", record: { id: 1 } });
    expect(await got).toHaveLength(2);
  });
});
