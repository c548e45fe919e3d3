import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveNode } from "../../../core/runtime/serve-node.ts";
import { connectCompany } from "../../../tests/runtime/realtime-client.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { ticketCompany, type TicketCompany } from "./tickets-list.fixtures.ts";
import { ticketsKernel } from "./tickets.fixtures.ts";

/** Ticket events over real sockets: each reaches only the sockets whose user may see the ticket. */
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

describe("ticket rooms (security)", () => {
  it("sends updates to admins and the ticket's queue, masked for plain users under LGPD; a transfer drops it from the old queue", async () => {
    await t.kernel.settings.setCompany(w.companyId, "lgpdHideNumber", "enabled");
    const inA = await w.attendant([w.queueA.id]);
    const inB = await w.attendant([w.queueB.id]);
    const admin = await listen(w.admin.token);
    const a = await listen(inA.token);
    const b = await listen(inB.token);
    await settle();

    const c = await w.contact({ number: "5511987654321" });
    const tk = await w.ticket({ contactId: c.id, status: "pending", queueId: w.queueA.id });
    expect((await t.call("PUT", `/tickets/${tk.id}`, { token: w.admin.token, body: { status: "open" } })).status).toBe(200);
    await settle();
    expect(ticketEvents(admin.heard, tk.id).at(-1)).toMatchObject({ action: "update", ticket: { status: "open", contact: { number: "5511987654321" } } });
    expect(ticketEvents(a.heard, tk.id).at(-1)).toMatchObject({ action: "update", ticket: { contact: { number: "5511*****4321" } } });
    expect(ticketEvents(b.heard, tk.id)).toEqual([]);

    const moved = await t.call("PUT", `/tickets/${tk.id}`, { token: w.admin.token, body: { isTransfered: true, queueId: w.queueB.id, userId: null } });
    expect(moved.status).toBe(200);
    await settle();
    expect(ticketEvents(a.heard, tk.id).at(-1)).toEqual({ action: "delete", ticketId: tk.id });
    expect(ticketEvents(b.heard, tk.id).at(-1)).toMatchObject({ action: "update", ticket: { status: "pending", queueId: w.queueB.id } });
    // Each socket hears each change once.
    expect(ticketEvents(admin.heard, tk.id)).toHaveLength(2);
    await t.kernel.settings.setCompany(w.companyId, "lgpdHideNumber", "disabled");
  });

  it("joinTicket joins a ticket's room only for users who may open it; delete events reach the audience", async () => {
    const inA = await w.attendant([w.queueA.id]);
    const inB = await w.attendant([w.queueB.id]);
    const a = await listen(inA.token);
    const b = await listen(inB.token);
    await settle();
    const tk = await w.ticket({ status: "pending", queueId: w.queueA.id });
    const join = (s: Socket, ref: unknown) => s.timeout(5000).emitWithAck("joinTicket", ref) as Promise<boolean>;
    expect(await join(a.socket, tk.uuid)).toBe(true);
    expect(await join(a.socket, String(tk.id))).toBe(true);
    expect(await join(b.socket, tk.uuid)).toBe(false);
    expect(await join(b.socket, { weird: true })).toBe(false);
    expect(await (a.socket.timeout(5000).emitWithAck("joinTickets", "open") as Promise<boolean>)).toBe(true);
    const rooms = await t.kernel.realtime.io.of(`/${w.companyId}`).in(`ticket-${tk.uuid}`).fetchSockets();
    expect(rooms.map((s) => s.id)).toEqual([a.socket.id]);

    expect((await t.call("DELETE", `/tickets/${tk.id}`, { token: w.admin.token })).status).toBe(200);
    await settle();
    expect(ticketEvents(a.heard, tk.id)).toEqual([{ action: "delete", ticketId: tk.id }]);
    expect(ticketEvents(b.heard, tk.id)).toEqual([]);
  });
});
