import { EventEmitter } from "node:events";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { users } from "../../../core/db/tables.ts";
import type { Logger } from "../../../core/log.ts";
import type { Realtime, SocketUser } from "../../../core/realtime/realtime.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { HEARTBEAT_MIN_INTERVAL_MS, OnlineStatus, trackOnlineStatus } from "./online-status.ts";
import { insertUsers } from "./users.fixtures.ts";

/** A stand-in for the realtime service: records emits and says who is connected. */
function fakeRealtime() {
  const emitted: { event: string; payload: any }[] = [];
  const connected = new Map<number, number[]>();
  let handler: ((socket: any, user: SocketUser) => void) | null = null;
  const port = {
    emit: (_companyId: number, event: string, payload: unknown) => void emitted.push({ event, payload }),
    connectedUsers: async (companyId: number) => connected.get(companyId) ?? [],
    onConnection: (h: (socket: any, user: SocketUser) => void) => void (handler = h),
  };
  return { port, emitted, connected, connect: (socket: any, user: SocketUser) => handler?.(socket, user) };
}

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, child: () => silent } as unknown as Logger;

let t: TestKernel;
let companyId: number;
let userId: number;
beforeEach(async () => {
  t = await createTestKernel();
  const acme = await createCompanyWithAdmin(t, "Acme");
  companyId = acme.company.id;
  userId = acme.user.id;
  // login marks the user online; start from offline like a fresh socket would
  await t.kernel.db.update(users).set({ online: false }).where(eq(users.id, userId));
});
afterEach(() => t.close());

const isOnline = async (id: number) => (await t.kernel.db.select().from(users).where(eq(users.id, id)))[0]?.online;

describe("online status: happy", () => {
  it("goes online on the first socket and announces it once", async () => {
    const rt = fakeRealtime();
    const status = new OnlineStatus(t.kernel.db, rt.port, t.kernel.userAnswers);
    await status.seen(companyId, userId);
    await status.seen(companyId, userId);
    expect(await isOnline(userId)).toBe(true);
    expect(rt.emitted).toHaveLength(1);
    expect(rt.emitted[0]).toMatchObject({ event: `company-${companyId}-user`, payload: { action: "update", user: { id: userId, online: true } } });
    expect(JSON.stringify(rt.emitted[0])).not.toMatch(/passwordHash|tokenVersion|resetCode/);
  });

  it("stays online while another socket of the user is connected, offline after the last", async () => {
    const rt = fakeRealtime();
    const status = new OnlineStatus(t.kernel.db, rt.port, t.kernel.userAnswers);
    await status.seen(companyId, userId);
    rt.connected.set(companyId, [userId]);
    await status.left(companyId, userId);
    expect(await isOnline(userId)).toBe(true);
    rt.connected.set(companyId, []);
    await status.left(companyId, userId);
    expect(await isOnline(userId)).toBe(false);
    expect(rt.emitted.map((e) => e.payload.user.online)).toEqual([true, false]);
  });

  it("the sweep turns off users without a socket (after a crash or restart)", async () => {
    const rt = fakeRealtime();
    await insertUsers(t, companyId, ["Ana", "Bruno"]);
    const all = await t.kernel.db.select().from(users).where(eq(users.companyId, companyId));
    await t.kernel.db.update(users).set({ online: true }).where(eq(users.companyId, companyId));
    const keep = all[0]!.id;
    rt.connected.set(companyId, [keep]);
    const changed = await new OnlineStatus(t.kernel.db, rt.port, t.kernel.userAnswers).sweep();
    expect(changed).toBe(all.length - 1);
    expect(await isOnline(keep)).toBe(true);
    for (const u of all.slice(1)) expect(await isOnline(u.id)).toBe(false);
  });
});

describe("online status: wiring", () => {
  it("marks online on connect and heartbeat, offline on the last disconnect", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const rt = fakeRealtime();
      const status = new OnlineStatus(t.kernel.db, rt.port, t.kernel.userAnswers);
      const seen = vi.spyOn(status, "seen");
      const left = vi.spyOn(status, "left");
      trackOnlineStatus(rt.port as unknown as Realtime, status, silent);
      const socket = new EventEmitter();
      rt.connect(socket, { id: userId, companyId, profile: "admin", super: false });
      expect(seen).toHaveBeenCalledTimes(1);
      socket.emit("userStatus");
      expect(seen).toHaveBeenCalledTimes(1); // a burst right after connecting is ignored
      vi.setSystemTime(Date.now() + HEARTBEAT_MIN_INTERVAL_MS + 1);
      socket.emit("userStatus");
      expect(seen).toHaveBeenCalledTimes(2);
      socket.emit("disconnect");
      expect(left).toHaveBeenCalledWith(companyId, userId);
      await vi.waitFor(async () => expect(await isOnline(userId)).toBe(false));
    } finally {
      vi.useRealTimers();
    }
  });
});
