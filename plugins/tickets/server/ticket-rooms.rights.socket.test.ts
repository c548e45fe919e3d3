import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveNode } from "../../../core/runtime/serve-node.ts";
import { connectCompany } from "../../../tests/runtime/realtime-client.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { ticketCompany, type TicketCompany } from "./tickets-list.fixtures.ts";
import { ticketsKernel } from "./tickets.fixtures.ts";

/**
 * Ticket events follow the user's rights as they are now: an admin demoted, or an
 * attendant taken off a queue (PUT /users/{id}), stops hearing tickets they can no longer
 * open over HTTP, without reconnecting; a deleted user's socket is dropped at once.
 */
let t: TestKernel;
let server: { port: number; close(): void };
let w: TicketCompany;
const sockets: Socket[] = [];
type Heard = { event: string; payload: any }[];

beforeAll(async () => {
  t = await ticketsKernel();
  server = await serveNode(t.kernel, 0, "127.0.0.1");
  w = await ticketCompany(t);
});
afterAll(async () => {
  for (const s of sockets.splice(0)) s.close();
  await t.close();
  server.close();
});

async function listen(token: string): Promise<{ socket: Socket; heard: Heard }> {
  const socket = await connectCompany(`http://127.0.0.1:${server.port}`, w.companyId, token, ["websocket"]);
  sockets.push(socket);
  const heard: Heard = [];
  socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
  return { socket, heard };
}
const settle = () => new Promise((r) => setTimeout(r, 250));
const ticketEvents = (h: Heard, id: number) => h.filter((e) => e.event === `company-${w.companyId}-ticket` && (e.payload.ticket?.id === id || e.payload.ticketId === id)).map((e) => e.payload);
const messageEvents = (h: Heard, ticketId: number) => h.filter((e) => e.event === `company-${w.companyId}-appMessage` && e.payload.ticket?.id === ticketId);
async function touch(ticketId: number, status: "open" | "pending") {
  expect((await t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { status } })).status).toBe(200);
  await settle();
}
async function editUser(id: number, body: Record<string, unknown>) {
  const res = await t.call("PUT", `/users/${id}`, { token: w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("ticket rooms follow the user's rights (security)", () => {
  it("a demoted admin stops receiving another queue's ticket events", async () => {
    const second = await w.attendant([w.queueA.id], { profile: "admin" });
    const s = await listen(second.token);
    await settle();
    const tk = await w.ticket({ status: "pending", queueId: w.queueB.id });
    await touch(tk.id, "open");
    expect(ticketEvents(s.heard, tk.id)).toHaveLength(1);

    await editUser(second.user.id, { profile: "user" });
    await touch(tk.id, "pending");
    expect(ticketEvents(s.heard, tk.id)).toHaveLength(1);
    // Their own queue still reaches them, on the same socket.
    const own = await w.ticket({ status: "pending", queueId: w.queueA.id });
    await touch(own.id, "open");
    expect(ticketEvents(s.heard, own.id)).toHaveLength(1);
    expect(s.socket.connected).toBe(true);
  });

  it("a user removed from a queue stops receiving that queue's events, the open chat's messages included", async () => {
    const inA = await w.attendant([w.queueA.id]);
    const s = await listen(inA.token);
    await settle();
    const tk = await w.ticket({ status: "pending", queueId: w.queueA.id });
    expect(await (s.socket.timeout(5000).emitWithAck("joinTicket", tk.uuid) as Promise<boolean>)).toBe(true);
    await touch(tk.id, "open");
    expect(ticketEvents(s.heard, tk.id)).toHaveLength(1);
    const say = async (body: string) => {
      const sent = await t.call("POST", `/messages/${tk.id}`, { token: w.admin.token, body: { body } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    };
    await say("antes");
    await settle();
    const before = messageEvents(s.heard, tk.id).length;
    expect(before).toBeGreaterThan(0);
    const ticketsBefore = ticketEvents(s.heard, tk.id).length;

    await editUser(inA.user.id, { queueIds: [] });
    const inRoom = await t.kernel.realtime.io.of(`/${w.companyId}`).in(`ticket-${tk.uuid}`).fetchSockets();
    expect(inRoom.map((x) => x.id)).not.toContain(s.socket.id);
    expect(await (s.socket.timeout(5000).emitWithAck("joinTicket", tk.uuid) as Promise<boolean>)).toBe(false);
    await say("só para quem pode ver");
    await touch(tk.id, "pending");
    expect(messageEvents(s.heard, tk.id)).toHaveLength(before);
    expect(ticketEvents(s.heard, tk.id)).toHaveLength(ticketsBefore);
  });

  it("an open chat the user may still open stays joined when their rights change", async () => {
    const inA = await w.attendant([w.queueA.id]);
    const s = await listen(inA.token);
    await settle();
    const tk = await w.ticket({ status: "pending", queueId: w.queueA.id });
    expect(await (s.socket.timeout(5000).emitWithAck("joinTicket", tk.uuid) as Promise<boolean>)).toBe(true);
    await editUser(inA.user.id, { queueIds: [w.queueA.id, w.queueB.id] });
    const inRoom = await t.kernel.realtime.io.of(`/${w.companyId}`).in(`ticket-${tk.uuid}`).fetchSockets();
    expect(inRoom.map((x) => x.id)).toContain(s.socket.id);
  });

  it("a deleted user's socket is dropped", async () => {
    const gone = await w.attendant([w.queueA.id]);
    const s = await listen(gone.token);
    const reason = new Promise<string>((resolve, reject) => {
      setTimeout(() => reject(new Error("still connected")), 5000);
      s.socket.once("disconnect", resolve);
    });
    expect((await t.call("DELETE", `/users/${gone.user.id}`, { token: w.admin.token })).status).toBe(200);
    expect(await reason).toBe("io server disconnect");
  });
});
