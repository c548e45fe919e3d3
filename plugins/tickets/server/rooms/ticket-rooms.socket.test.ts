import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { settle, socketWorld } from "./ticket-rooms.socket.fixtures.ts";

/** Ticket events over real sockets: each reaches only the sockets whose user may see the ticket. */
const world = socketWorld();

describe("ticket rooms (security)", () => {
  it("sends updates to admins and the ticket's queue, masked for plain users under LGPD; a transfer drops it from the old queue", async () => {
    await world.t.kernel.settings.setCompany(world.w.companyId, "lgpdHideNumber", "enabled");
    const inA = await world.w.attendant([world.w.queueA.id]);
    const inB = await world.w.attendant([world.w.queueB.id]);
    const admin = await world.listen(world.w.admin.token);
    const a = await world.listen(inA.token);
    const b = await world.listen(inB.token);
    await settle();

    const c = await world.w.contact({ number: "5511987654321" });
    const tk = await world.w.ticket({ contactId: c.id, status: "pending", queueId: world.w.queueA.id });
    expect((await world.t.call("PUT", `/tickets/${tk.id}`, { token: world.w.admin.token, body: { status: "open" } })).status).toBe(200);
    await settle();
    expect(world.ticketEvents(admin.heard, tk.id).at(-1)).toMatchObject({ action: "update", ticket: { status: "open", contact: { number: "5511987654321" } } });
    expect(world.ticketEvents(a.heard, tk.id).at(-1)).toMatchObject({ action: "update", ticket: { contact: { number: "5511*****4321" } } });
    expect(world.ticketEvents(b.heard, tk.id)).toEqual([]);

    const moved = await world.t.call("PUT", `/tickets/${tk.id}`, { token: world.w.admin.token, body: { isTransfered: true, queueId: world.w.queueB.id, userId: null } });
    expect(moved.status).toBe(200);
    await settle();
    expect(world.ticketEvents(a.heard, tk.id).at(-1)).toEqual({ action: "delete", ticketId: tk.id });
    expect(world.ticketEvents(b.heard, tk.id).at(-1)).toMatchObject({ action: "update", ticket: { status: "pending", queueId: world.w.queueB.id } });
    // Each socket hears each change once.
    expect(world.ticketEvents(admin.heard, tk.id)).toHaveLength(2);
    await world.t.kernel.settings.setCompany(world.w.companyId, "lgpdHideNumber", "disabled");
  });

  it("joinTicket joins a ticket's room only for users who may open it; delete events reach the audience", async () => {
    const inA = await world.w.attendant([world.w.queueA.id]);
    const inB = await world.w.attendant([world.w.queueB.id]);
    const a = await world.listen(inA.token);
    const b = await world.listen(inB.token);
    await settle();
    const tk = await world.w.ticket({ status: "pending", queueId: world.w.queueA.id });
    const join = (s: Socket, ref: unknown) => s.timeout(5000).emitWithAck("joinTicket", ref) as Promise<boolean>;
    expect(await join(a.socket, tk.uuid)).toBe(true);
    expect(await join(a.socket, String(tk.id))).toBe(true);
    expect(await join(b.socket, tk.uuid)).toBe(false);
    expect(await join(b.socket, { weird: true })).toBe(false);
    expect(await (a.socket.timeout(5000).emitWithAck("joinTickets", "open") as Promise<boolean>)).toBe(true);
    const rooms = await world.t.kernel.realtime.io.of(`/${world.w.companyId}`).in(`ticket-${tk.uuid}`).fetchSockets();
    expect(rooms.map((s) => s.id)).toEqual([a.socket.id]);

    expect((await world.t.call("DELETE", `/tickets/${tk.id}`, { token: world.w.admin.token })).status).toBe(200);
    await settle();
    expect(world.ticketEvents(a.heard, tk.id)).toEqual([{ action: "delete", ticketId: tk.id }]);
    expect(world.ticketEvents(b.heard, tk.id)).toEqual([]);
  });
});
