import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { createConnection, deliver } from "../testing/tickets.fixtures.ts";
import { settle, socketWorld, type Heard } from "./ticket-rooms.socket.fixtures.ts";

/**
 * Issue 32 item 4: an open chat's room (`ticket-{uuid}`) follows the TICKET as well as the
 * user. When a transfer, a reassignment, a close or a delete takes the ticket out of a
 * socket's sight, that socket leaves the room, so the customer's next message (which goes
 * to the room and to the ticket's audience) no longer reaches it. The customer writes
 * through the API channel's inbound route, as a real integrator does.
 */
const world = socketWorld();
let api: { token: string };
let seq = 0;
beforeAll(async () => {
  api = await createConnection(world.t, world.w.admin.token, { channel: "api", webhookUrl: "http://127.0.0.1:9/hook" });
});

const number = `5511977${String(Date.now()).slice(-6)}`;
/** The customer writes through the API channel; answers the ticket it landed on. */
async function customerWrites(body: string, from = number): Promise<{ ticketId: number; ticketUuid: string }> {
  const res = await deliver(world.t, api.token, { id: `room-${++seq}-${Date.now()}`, number: from, name: "Cliente Sala", body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
  return res.body;
}
async function put(ticketId: number, body: Record<string, unknown>) {
  const res = await world.t.call("PUT", `/tickets/${ticketId}`, { token: world.w.admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await settle();
  return res.body;
}
const join = (s: Socket, uuid: string) => s.timeout(5000).emitWithAck("joinTicket", uuid) as Promise<boolean>;
const bodiesHeard = (h: Heard, ticketId: number) =>
  h.filter((e) => e.event === `company-${world.w.companyId}-appMessage` && e.payload.ticket?.id === ticketId).map((e) => e.payload.message?.body as string);
const inRoom = async (uuid: string) => (await world.t.kernel.realtime.io.of(`/${world.w.companyId}`).in(`ticket-${uuid}`).fetchSockets()).map((s) => s.id);

describe("ticket rooms follow the ticket (security)", () => {
  it("a transfer to a queue the user is not in takes their socket out of the chat: the customer's next message does not reach it", async () => {
    const { queueA, queueB } = world.w;
    const inA = await world.w.attendant([queueA.id]);
    const inBoth = await world.w.attendant([queueA.id, queueB.id]);
    const a = await world.listen(inA.token);
    const both = await world.listen(inBoth.token);
    const admin = await world.listen(world.w.admin.token);
    await settle();
    const from = `5511966${String(Date.now()).slice(-6)}`;
    const tk = await customerWrites("primeira", from);
    await put(tk.ticketId, { isTransfered: true, queueId: queueA.id, userId: null });
    expect(await join(a.socket, tk.ticketUuid)).toBe(true);
    expect(await join(both.socket, tk.ticketUuid)).toBe(true);
    await customerWrites("antes da transferência", from);
    expect(bodiesHeard(a.heard, tk.ticketId)).toContain("antes da transferência");

    await put(tk.ticketId, { isTransfered: true, queueId: queueB.id, userId: null });
    expect((await world.t.call("GET", `/tickets/${tk.ticketId}`, { token: inA.token })).status).toBe(403);
    expect(await inRoom(tk.ticketUuid)).not.toContain(a.socket.id);
    await customerWrites("segredo depois da transferência", from);
    // Neither the chat's room nor the queue rooms bring it to the user of queue A.
    expect(bodiesHeard(a.heard, tk.ticketId)).not.toContain("segredo depois da transferência");
    expect(await join(a.socket, tk.ticketUuid)).toBe(false);
    // Whoever may still open it keeps the chat (and the admin hears it through the admins' room).
    expect(await inRoom(tk.ticketUuid)).toContain(both.socket.id);
    expect(bodiesHeard(both.heard, tk.ticketId)).toContain("segredo depois da transferência");
    expect(bodiesHeard(admin.heard, tk.ticketId)).toContain("segredo depois da transferência");
  });

  it("a reassignment to someone else takes the previous attendant's socket out when they may no longer open the ticket", async () => {
    const { queueA, queueB } = world.w;
    const owner = await world.w.attendant([queueA.id]);
    const next = await world.w.attendant([queueB.id]);
    const o = await world.listen(owner.token);
    const n = await world.listen(next.token);
    await settle();
    const from = `5511955${String(Date.now()).slice(-6)}`;
    const tk = await customerWrites("olá", from);
    // Handed to the attendant of queue A in queue B: theirs while they hold it.
    await put(tk.ticketId, { isTransfered: true, queueId: queueB.id, userId: owner.user.id });
    expect(await join(o.socket, tk.ticketUuid)).toBe(true);
    await customerWrites("para o atendente", from);
    expect(bodiesHeard(o.heard, tk.ticketId)).toContain("para o atendente");

    await put(tk.ticketId, { isTransfered: true, queueId: queueB.id, userId: next.user.id });
    expect((await world.t.call("GET", `/tickets/${tk.ticketId}`, { token: owner.token })).status).toBe(403);
    expect(await inRoom(tk.ticketUuid)).not.toContain(o.socket.id);
    expect(await join(n.socket, tk.ticketUuid)).toBe(true);
    await customerWrites("só para o novo atendente", from);
    expect(bodiesHeard(o.heard, tk.ticketId)).not.toContain("só para o novo atendente");
    expect(bodiesHeard(n.heard, tk.ticketId)).toContain("só para o novo atendente");
  });

  it("closing the ticket takes out the queue's users without allHistoric; the one who closed it stays", async () => {
    const { queueA } = world.w;
    const peer = await world.w.attendant([queueA.id]);
    const historian = await world.w.attendant([queueA.id], { allHistoric: "enabled" });
    const p = await world.listen(peer.token);
    const h = await world.listen(historian.token);
    const admin = await world.listen(world.w.admin.token);
    await settle();
    const from = `5511944${String(Date.now()).slice(-6)}`;
    const tk = await customerWrites("olá", from);
    await put(tk.ticketId, { isTransfered: true, queueId: queueA.id, userId: null });
    await put(tk.ticketId, { status: "open" });
    for (const s of [p, h, admin]) expect(await join(s.socket, tk.ticketUuid)).toBe(true);
    const note = await world.t.call("POST", `/messages/${tk.ticketId}`, { token: world.w.admin.token, body: { body: "nota interna", isPrivate: true } });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    await settle();
    expect(bodiesHeard(p.heard, tk.ticketId).some((b) => b.includes("nota interna"))).toBe(true);

    await put(tk.ticketId, { status: "closed" });
    expect((await world.t.call("GET", `/tickets/${tk.ticketId}`, { token: peer.token })).status).toBe(403);
    const members = await inRoom(tk.ticketUuid);
    expect(members).not.toContain(p.socket.id);
    expect(members).toEqual(expect.arrayContaining([h.socket.id, admin.socket.id]));
    // The closed conversation still changes (an edit): only those who may open it hear of it.
    const edited = await world.t.call("POST", `/messages/edit/${note.body.id}`, { token: world.w.admin.token, body: { body: "nota interna corrigida" } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await settle();
    expect(bodiesHeard(p.heard, tk.ticketId).some((b) => b.includes("corrigida"))).toBe(false);
    expect(bodiesHeard(h.heard, tk.ticketId).some((b) => b.includes("corrigida"))).toBe(true);
  });

  it("deleting the ticket empties its room", async () => {
    const inA = await world.w.attendant([world.w.queueA.id]);
    const a = await world.listen(inA.token);
    await settle();
    const tk = await world.w.ticket({ status: "pending", queueId: world.w.queueA.id });
    expect(await join(a.socket, tk.uuid)).toBe(true);
    expect((await world.t.call("DELETE", `/tickets/${tk.id}`, { token: world.w.admin.token })).status).toBe(200);
    expect(await inRoom(tk.uuid)).toEqual([]);
  });
});
