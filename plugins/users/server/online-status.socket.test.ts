import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../core/db/tables.ts";
import { serveNode } from "../../../core/runtime/serve-node.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { connectCompany, nextEvent } from "../../../tests/runtime/realtime-client.ts";

/** Online status over real sockets: a served kernel on a loopback port and socket.io clients. */
let t: TestKernel;
let server: { port: number; close(): void };
let url: string;
const sockets: Socket[] = [];
beforeEach(async () => {
  t = await createTestKernel();
  server = await serveNode(t.kernel, 0, "127.0.0.1");
  url = `http://127.0.0.1:${server.port}`;
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
  server.close();
});

const connect = async (companyId: number, token: string) => {
  const socket = await connectCompany(url, companyId, token, ["websocket"]);
  sockets.push(socket);
  return socket;
};
const onlineOf = async (id: number) => (await t.kernel.db.select().from(users).where(eq(users.id, id)))[0]?.online;

describe("online status over sockets", () => {
  it("online while any socket of the user is connected; the company hears each flip", async () => {
    const acme = await createCompanyWithAdmin(t, "Acme");
    const agent = await createUser(t, acme.company.id);
    await t.kernel.db.update(users).set({ online: false }).where(eq(users.id, agent.user.id));
    const watcher = await connect(acme.company.id, acme.token);
    const topic = `company-${acme.company.id}-user`;

    const cameOnline = nextEvent<{ action: string; user: Record<string, unknown> }>(watcher, topic);
    const first = await connect(acme.company.id, agent.token);
    const event = await cameOnline;
    expect(event.action).toBe("update");
    expect(event.user).toMatchObject({ id: agent.user.id, online: true });
    expect(Object.keys(event.user)).not.toContain("passwordHash");
    expect(await onlineOf(agent.user.id)).toBe(true);

    const second = await connect(acme.company.id, agent.token);
    first.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(await onlineOf(agent.user.id)).toBe(true);

    const wentOffline = nextEvent<{ user: Record<string, unknown> }>(watcher, topic);
    second.close();
    expect((await wentOffline).user).toMatchObject({ id: agent.user.id, online: false });
    expect(await onlineOf(agent.user.id)).toBe(false);
  });

  it("another company hears nothing", async () => {
    const a = await createCompanyWithAdmin(t, "Empresa A");
    const b = await createCompanyWithAdmin(t, "Empresa B");
    const spy = await connect(b.company.id, b.token);
    const heard: string[] = [];
    spy.onAny((event: string) => heard.push(event));
    await connect(a.company.id, a.token);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.filter((e) => e.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });
});
