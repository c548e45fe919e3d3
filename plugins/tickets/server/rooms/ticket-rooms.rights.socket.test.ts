import { describe, expect, it } from "vitest";
import { settle, socketWorld, type Heard } from "./ticket-rooms.socket.fixtures.ts";

/**
 * Ticket events follow the user's rights as they are now: an admin demoted, or an
 * attendant taken off a queue (PUT /users/{id}), stops hearing tickets they can no longer
 * open over HTTP, without reconnecting; a deleted user's socket is dropped at once.
 */
const world = socketWorld();
const messageEvents = (h: Heard, ticketId: number) => h.filter((e) => e.event === `company-${world.w.companyId}-appMessage` && e.payload.ticket?.id === ticketId);
async function touch(ticketId: number, status: "open" | "pending") {
  expect((await world.t.call("PUT", `/tickets/${ticketId}`, { token: world.w.admin.token, body: { status } })).status).toBe(200);
  await settle();
}
async function editUser(id: number, body: Record<string, unknown>) {
  const res = await world.t.call("PUT", `/users/${id}`, { token: world.w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("ticket rooms follow the user's rights (security)", () => {
  it("a demoted admin stops receiving another queue's ticket events", async () => {
    const second = await world.w.attendant([world.w.queueA.id], { profile: "admin" });
    const s = await world.listen(second.token);
    await settle();
    const tk = await world.w.ticket({ status: "pending", queueId: world.w.queueB.id });
    await touch(tk.id, "open");
    expect(world.ticketEvents(s.heard, tk.id)).toHaveLength(1);

    await editUser(second.user.id, { profile: "user" });
    await touch(tk.id, "pending");
    expect(world.ticketEvents(s.heard, tk.id)).toHaveLength(1);
    // Their own queue still reaches them, on the same socket.
    const own = await world.w.ticket({ status: "pending", queueId: world.w.queueA.id });
    await touch(own.id, "open");
    expect(world.ticketEvents(s.heard, own.id)).toHaveLength(1);
    expect(s.socket.connected).toBe(true);
  });

  it("a user removed from a queue stops receiving that queue's events, the open chat's messages included", async () => {
    const inA = await world.w.attendant([world.w.queueA.id]);
    const s = await world.listen(inA.token);
    await settle();
    const tk = await world.w.ticket({ status: "pending", queueId: world.w.queueA.id });
    expect(await (s.socket.timeout(5000).emitWithAck("joinTicket", tk.uuid) as Promise<boolean>)).toBe(true);
    await touch(tk.id, "open");
    expect(world.ticketEvents(s.heard, tk.id)).toHaveLength(1);
    const say = async (body: string) => {
      const sent = await world.t.call("POST", `/messages/${tk.id}`, { token: world.w.admin.token, body: { body } });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    };
    await say("antes");
    await settle();
    const before = messageEvents(s.heard, tk.id).length;
    expect(before).toBeGreaterThan(0);
    const ticketsBefore = world.ticketEvents(s.heard, tk.id).length;

    await editUser(inA.user.id, { queueIds: [] });
    const inRoom = await world.t.kernel.realtime.io.of(`/${world.w.companyId}`).in(`ticket-${tk.uuid}`).fetchSockets();
    expect(inRoom.map((x) => x.id)).not.toContain(s.socket.id);
    expect(await (s.socket.timeout(5000).emitWithAck("joinTicket", tk.uuid) as Promise<boolean>)).toBe(false);
    await say("só para quem pode ver");
    await touch(tk.id, "pending");
    expect(messageEvents(s.heard, tk.id)).toHaveLength(before);
    expect(world.ticketEvents(s.heard, tk.id)).toHaveLength(ticketsBefore);
  });

  it("an open chat the user may still open stays joined when their rights change", async () => {
    const inA = await world.w.attendant([world.w.queueA.id]);
    const s = await world.listen(inA.token);
    await settle();
    const tk = await world.w.ticket({ status: "pending", queueId: world.w.queueA.id });
    expect(await (s.socket.timeout(5000).emitWithAck("joinTicket", tk.uuid) as Promise<boolean>)).toBe(true);
    await editUser(inA.user.id, { queueIds: [world.w.queueA.id, world.w.queueB.id] });
    const inRoom = await world.t.kernel.realtime.io.of(`/${world.w.companyId}`).in(`ticket-${tk.uuid}`).fetchSockets();
    expect(inRoom.map((x) => x.id)).toContain(s.socket.id);
  });

  it("a deleted user's socket is dropped", async () => {
    const gone = await world.w.attendant([world.w.queueA.id]);
    const s = await world.listen(gone.token);
    const reason = new Promise<string>((resolve, reject) => {
      setTimeout(() => reject(new Error("still connected")), 5000);
      s.socket.once("disconnect", resolve);
    });
    expect((await world.t.call("DELETE", `/users/${gone.user.id}`, { token: world.w.admin.token })).status).toBe(200);
    expect(await reason).toBe("io server disconnect");
  });
});
