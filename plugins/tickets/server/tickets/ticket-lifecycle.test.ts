import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { messages, ticketLogs } from "../../schema/tables.ts";
import { ticketCompany, type TicketCompany } from "./tickets-list.fixtures.ts";
import { createConnection, ticketsKernel } from "../testing/tickets.fixtures.ts";
import { TicketViews } from "./tickets-views.ts";

let t: TestKernel;
let w: TicketCompany;

beforeAll(async () => {
  t = await ticketsKernel();
  w = await ticketCompany(t);
});
afterAll(() => t.close());

const put = (token: string, id: number, body: Record<string, unknown>) => t.call("PUT", `/tickets/${id}`, { token, body });
const logTypes = async (ticketId: number) => (await t.call("GET", `/tickets-log/${ticketId}`, { token: w.admin.token })).body.map((l: { type: string }) => l.type);
const bodiesOf = async (ticketId: number) => (await t.kernel.db.select().from(messages).where(eq(messages.ticketId, ticketId))).map((m) => m.body);

describe("POST /tickets (happy and errors)", () => {
  it("opens a ticket for the caller on the default connection, with create and open logs", async () => {
    const c = await w.contact();
    const res = await t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: c.id, queueId: w.queueA.id, status: "open", companyId: 999 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: w.admin.user.id, queueId: w.queueA.id, whatsappId: w.connection.id, contactId: c.id });
    expect(typeof res.body.uuid).toBe("string");
    expect(await logTypes(res.body.id)).toEqual(["open", "create"]);
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET naming the user and queue of the live ticket", async () => {
    const u = await w.attendant([w.queueA.id]);
    const c = await w.contact();
    const live = await w.ticket({ contactId: c.id, status: "open", userId: u.user.id, queueId: w.queueA.id });
    const res = await t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: c.id } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_OTHER_OPEN_TICKET");
    expect(JSON.parse(res.body.message)).toEqual({ id: live.id, uuid: live.uuid, status: "open", userId: u.user.id, user: { name: u.user.name }, queue: { name: w.queueA.name } });
  });

  it("ERR_NO_DEF_WAPP_FOUND without a default connection; validation of the body", async () => {
    const tw = await ticketCompany(t);
    // The company's only connection goes: no default is left (the connections plugin owns that table).
    expect((await t.call("DELETE", `/whatsapp/${tw.connection.id}`, { token: tw.admin.token })).status).toBe(200);
    const c = await tw.contact();
    expect((await t.call("POST", "/tickets", { token: tw.admin.token, body: { contactId: c.id } })).body.error).toBe("ERR_NO_DEF_WAPP_FOUND");
    const other = await createConnection(t, tw.admin.token, {});
    expect((await t.call("POST", "/tickets", { token: tw.admin.token, body: { contactId: c.id, whatsappId: other.id } })).status).toBe(200);
    expect((await t.call("POST", "/tickets", { token: tw.admin.token, body: {} })).status).toBe(400);
    expect((await t.call("POST", "/tickets", { token: tw.admin.token, body: { contactId: "abc" } })).status).toBe(400);
  });
});

describe("PUT /tickets/{id}: transitions (happy)", () => {
  it("accept: pending -> open for the caller, with the greeting when sendGreetingAccepted is on", async () => {
    const tw = await ticketCompany(t);
    await t.kernel.settings.setCompany(tw.companyId, "sendGreetingAccepted", "enabled");
    await t.kernel.settings.setCompany(tw.companyId, "greetingAcceptedMessage", "Olá, sou seu atendente");
    const u = await tw.attendant([tw.queueA.id]);
    const tk = await tw.ticket({ status: "pending", queueId: tw.queueA.id });
    const res = await put(u.token, tk.id, { status: "open", userId: u.user.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "open", userId: u.user.id, user: { id: u.user.id } });
    expect(await bodiesOf(tk.id)).toEqual([expect.stringContaining("Olá, sou seu atendente")]);
    expect((await t.call("GET", `/tickets-log/${tk.id}`, { token: tw.admin.token })).body[0]).toMatchObject({ type: "open", user: { id: u.user.id }, queue: { id: tw.queueA.id } });
  });

  it("accept of a group ticket gives status group; accepting a queueless ticket can set its queue", async () => {
    const g = await w.ticket({ status: "pending", isGroup: true, queueId: w.queueA.id });
    expect((await put(w.admin.token, g.id, { status: "open" })).body.status).toBe("group");
    const nq = await w.ticket({ status: "pending" });
    expect((await put(w.admin.token, nq.id, { status: "open", queueId: w.queueB.id })).body).toMatchObject({ status: "open", queueId: w.queueB.id });
  });

  it("return to queue, resolve with farewell, reopen, each logged", async () => {
    const tw = await ticketCompany(t);
    const farewell = await t.call("PUT", `/whatsapp/${tw.connection.id}`, { token: tw.admin.token, body: { complationMessage: "Obrigado pelo contato!" } });
    expect(farewell.status).toBe(200);
    const tk = await tw.ticket({ status: "open", userId: tw.admin.user.id, queueId: tw.queueA.id });
    expect((await put(tw.admin.token, tk.id, { status: "pending" })).body).toMatchObject({ status: "pending", userId: null });
    expect((await put(tw.admin.token, tk.id, { status: "open" })).body.status).toBe("open");
    expect((await put(tw.admin.token, tk.id, { status: "closed", sendFarewellMessage: true })).body.status).toBe("closed");
    expect(await bodiesOf(tk.id)).toEqual([expect.stringContaining("Obrigado pelo contato!")]);
    expect((await put(tw.admin.token, tk.id, { status: "open" })).body).toMatchObject({ status: "open", userId: tw.admin.user.id });
    const logs = (await t.call("GET", `/tickets-log/${tk.id}`, { token: tw.admin.token })).body.map((l: { type: string }) => l.type);
    expect(logs).toEqual(["reopen", "closed", "open", "pending"]);
  });

  it("resolve without farewell sends nothing", async () => {
    const tk = await w.ticket({ status: "open", userId: w.admin.user.id });
    expect((await put(w.admin.token, tk.id, { status: "closed", sendFarewellMessage: false })).body.status).toBe("closed");
    expect(await bodiesOf(tk.id)).toEqual([]);
  });

  it("transfer: to a user opens it for them, to a queue only leaves it pending; the message is sent", async () => {
    const u = await w.attendant([w.queueB.id]);
    const tk = await w.ticket({ status: "open", userId: w.admin.user.id, queueId: w.queueA.id });
    const toUser = await put(w.admin.token, tk.id, { queueId: w.queueB.id, userId: u.user.id, status: "open", isTransfered: true, msgTransfer: "Transferindo você" });
    expect(toUser.body).toMatchObject({ status: "open", userId: u.user.id, queueId: w.queueB.id });
    expect(await bodiesOf(tk.id)).toEqual([expect.stringContaining("Transferindo você")]);
    expect((await logTypes(tk.id)).slice(0, 3)).toEqual(["receivedTransfer", "queue", "transfered"]);
    const toQueue = await put(u.token, tk.id, { queueId: w.queueA.id, userId: null, isTransfered: true });
    expect(toQueue.body).toMatchObject({ status: "pending", userId: null, queueId: w.queueA.id });
  });

  it("a transfer with an empty note (msgTransfer null, as the original client sends it) transfers and says nothing; a note of another type is refused", async () => {
    const u = await w.attendant([w.queueB.id]);
    const tk = await w.ticket({ status: "open", userId: w.admin.user.id, queueId: w.queueA.id });
    const moved = await put(w.admin.token, tk.id, { queueId: w.queueB.id, userId: u.user.id, status: "open", isTransfered: true, msgTransfer: null });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: "open", userId: u.user.id, queueId: w.queueB.id });
    expect(await bodiesOf(tk.id)).toEqual([]);
    expect((await logTypes(tk.id)).slice(0, 3)).toEqual(["receivedTransfer", "queue", "transfered"]);
    const toQueue = await put(u.token, tk.id, { queueId: w.queueA.id, userId: null, msgTransfer: null });
    expect(toQueue.body).toMatchObject({ status: "pending", userId: null, queueId: w.queueA.id });
    const wrong = await put(w.admin.token, tk.id, { queueId: w.queueB.id, isTransfered: true, msgTransfer: 5 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toHaveProperty("msgTransfer");
  });

  it("the transfer dialog's body without isTransfered ({queueId, status open, userId}) on the caller's own open ticket moves it: queue changed, logged, announced", async () => {
    const tw = await ticketCompany(t);
    const me = await tw.attendant([tw.queueA.id, tw.queueB.id]);
    const colleague = await tw.attendant([tw.queueB.id]);
    const tk = await tw.ticket({ status: "open", userId: me.user.id, queueId: tw.queueA.id });
    const logTypesOf = async () => (await t.call("GET", `/tickets-log/${tk.id}`, { token: tw.admin.token })).body.map((l: { type: string }) => l.type);
    const changed: { ticketId: number; queueId: number | null }[] = [];
    const transferred: { ticketId: number; fromQueueId: number | null; queueId: number; userId: number | null }[] = [];
    t.kernel.bus.on("tickets.ticket.changed", (e) => void (e.companyId === tw.companyId && changed.push({ ticketId: e.ticket.id, queueId: e.ticket.queueId })));
    t.kernel.bus.on("tickets.ticket.transferred", (e) => void (e.companyId === tw.companyId && transferred.push(e)));
    // Same attendant, another queue.
    const moved = await put(me.token, tk.id, { queueId: tw.queueB.id, status: "open", userId: me.user.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ status: "open", userId: me.user.id, queueId: tw.queueB.id });
    expect((await tw.row(tk.id))?.queueId).toBe(tw.queueB.id);
    expect((await logTypesOf()).slice(0, 3)).toEqual(["receivedTransfer", "queue", "transfered"]);
    expect(changed).toContainEqual({ ticketId: tk.id, queueId: tw.queueB.id });
    expect(transferred).toEqual([expect.objectContaining({ ticketId: tk.id, fromQueueId: tw.queueA.id, queueId: tw.queueB.id, userId: me.user.id })]);
    // Another attendant, same queue.
    expect((await put(me.token, tk.id, { queueId: tw.queueB.id, status: "open", userId: colleague.user.id })).body).toMatchObject({
      userId: colleague.user.id,
      queueId: tw.queueB.id,
    });
    // Nothing to move: the same body again changes and logs nothing.
    const logs = (await logTypesOf()).length;
    expect((await put(colleague.token, tk.id, { queueId: tw.queueB.id, status: "open", userId: colleague.user.id })).body).toMatchObject({
      userId: colleague.user.id,
      queueId: tw.queueB.id,
    });
    expect(await logTypesOf()).toHaveLength(logs);
  });

  it("toggles useIntegration", async () => {
    const tk = await w.ticket({ status: "open", userId: w.admin.user.id });
    expect((await put(w.admin.token, tk.id, { useIntegration: true })).body.useIntegration).toBe(true);
    expect((await put(w.admin.token, tk.id, { useIntegration: false })).body.useIntegration).toBe(false);
  });

  it("GET /tickets/u/{uuid} logs one access per person in a row", async () => {
    const tk = await w.ticket({ status: "open", userId: w.admin.user.id });
    expect((await t.call("GET", `/tickets/u/${tk.uuid}`, { token: w.admin.token })).body.id).toBe(tk.id);
    await t.call("GET", `/tickets/u/${tk.uuid}`, { token: w.admin.token });
    expect(await logTypes(tk.id)).toEqual(["access"]);
    expect((await t.call("GET", "/tickets/u/not-a-ticket", { token: w.admin.token })).status).toBe(404);
  });
});

describe("PUT /tickets/{id}: rules (errors)", () => {
  it("requiredTag refuses to resolve a contact without tags", async () => {
    const tw = await ticketCompany(t);
    await t.kernel.settings.setCompany(tw.companyId, "requiredTag", "enabled");
    const c = await tw.contact();
    const tk = await tw.ticket({ contactId: c.id, status: "open", userId: tw.admin.user.id });
    const res = await put(tw.admin.token, tk.id, { status: "closed" });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_TAG_REQUIRED");
    const tag = await tw.tag("Obrigatoria");
    expect((await t.call("POST", "/tags/sync", { token: tw.admin.token, body: { contactId: c.id, tags: [{ id: tag.id }] } })).status).toBe(200);
    expect((await put(tw.admin.token, tk.id, { status: "closed" })).body.status).toBe("closed");
  });

  it("ignore (pending -> closed) needs admin or userClosePendingTicket", async () => {
    const plain = await w.attendant([w.queueA.id]);
    const allowed = await w.attendant([w.queueA.id], { userClosePendingTicket: "enabled" });
    const tk = await w.ticket({ status: "pending", queueId: w.queueA.id });
    const denied = await put(plain.token, tk.id, { status: "closed" });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    expect((await put(allowed.token, tk.id, { status: "closed" })).body.status).toBe("closed");
    expect(await bodiesOf(tk.id)).toEqual([]);
  });

  it("reopen answers the conflict when the contact has another live ticket", async () => {
    const u = await w.attendant([w.queueA.id]);
    const c = await w.contact();
    const old = await w.ticket({ contactId: c.id, status: "closed", userId: w.admin.user.id, queueId: w.queueA.id });
    const live = await w.ticket({ contactId: c.id, status: "open", userId: u.user.id, queueId: w.queueA.id });
    const res = await put(w.admin.token, old.id, { status: "open" });
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body.message)).toMatchObject({ id: live.id, user: { name: u.user.name }, queue: { name: w.queueA.name } });
  });

  it("transfer needs a queue; unknown users and queues are refused", async () => {
    const tk = await w.ticket({ status: "open", userId: w.admin.user.id });
    expect((await put(w.admin.token, tk.id, { isTransfered: true, userId: w.admin.user.id })).body.fields.queueId).toBe("Selecione uma fila");
    expect((await put(w.admin.token, tk.id, { isTransfered: true, queueId: 999999 })).status).toBe(400);
    expect((await put(w.admin.token, tk.id, { isTransfered: true, queueId: w.queueA.id, userId: 999999 })).body.error).toBe("ERR_NO_USER_FOUND");
    expect((await put(w.admin.token, tk.id, { status: "weird" })).status).toBe(400);
  });

  it("a plain user cannot act on a ticket they may not open", async () => {
    const u = await w.attendant([w.queueA.id]);
    const tk = await w.ticket({ status: "pending", queueId: w.queueB.id });
    expect((await put(u.token, tk.id, { status: "open" })).status).toBe(403);
    expect((await w.row(tk.id))?.status).toBe("pending");
  });
});

describe("concurrency", () => {
  it("exactly one of two simultaneous accepts wins; the other gets 409", async () => {
    const a = await w.attendant([w.queueA.id]);
    const b = await w.attendant([w.queueA.id]);
    for (let round = 0; round < 5; round++) {
      const tk = await w.ticket({ status: "pending", queueId: w.queueA.id });
      const results = await Promise.all([put(a.token, tk.id, { status: "open" }), put(b.token, tk.id, { status: "open" })]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = results.find((r) => r.status === 200)!.body.userId;
      const loser = results.find((r) => r.status === 409)!;
      expect(loser.body.error).toBe("ERR_OTHER_OPEN_TICKET");
      expect(JSON.parse(loser.body.message)).toMatchObject({ id: tk.id, userId: winner, status: "open" });
      expect((await w.row(tk.id))?.userId).toBe(winner);
      const opens = await t.kernel.db
        .select()
        .from(ticketLogs)
        .where(and(eq(ticketLogs.ticketId, tk.id), eq(ticketLogs.type, "open")));
      expect(opens).toHaveLength(1);
    }
  });
});

describe("concurrency: the conditional UPDATE", () => {
  it("an accept that read the ticket as pending loses when another accept commits first", async () => {
    const a = await w.attendant([w.queueA.id]);
    const b = await w.attendant([w.queueA.id]);
    const tk = await w.ticket({ status: "pending", queueId: w.queueA.id });
    // B's request has already read the ticket (pending) when A's accept commits in between.
    const spy = vi.spyOn(TicketViews.prototype, "canOpen").mockImplementationOnce(async () => {
      expect((await put(a.token, tk.id, { status: "open" })).status).toBe(200);
      return true;
    });
    const late = await put(b.token, tk.id, { status: "open" });
    spy.mockRestore();
    expect(late.status).toBe(409);
    expect(JSON.parse(late.body.message)).toMatchObject({ id: tk.id, userId: a.user.id, status: "open" });
    expect((await w.row(tk.id))?.userId).toBe(a.user.id);
    const opens = await t.kernel.db
      .select()
      .from(ticketLogs)
      .where(and(eq(ticketLogs.ticketId, tk.id), eq(ticketLogs.type, "open")));
    expect(opens).toHaveLength(1);
  });
});

describe("DELETE /tickets/{id}, POST /tickets/closeAll (security)", () => {
  it("only admins (rule ticket-options:deleteTicket) delete tickets", async () => {
    const u = await w.attendant([w.queueA.id]);
    const tk = await w.ticket({ status: "open", userId: u.user.id, queueId: w.queueA.id });
    expect((await t.call("DELETE", `/tickets/${tk.id}`, { token: u.token })).status).toBe(403);
    expect((await t.call("DELETE", `/tickets/${tk.id}`, { token: w.admin.token })).status).toBe(200);
    expect(await w.row(tk.id)).toBeUndefined();
    expect((await t.call("GET", `/tickets/${tk.id}`, { token: w.admin.token })).status).toBe(404);
  });

  it("closeAll closes one status within the selected queues, admins only", async () => {
    const tw = await ticketCompany(t);
    const u = await tw.attendant([tw.queueA.id]);
    const a = await tw.ticket({ status: "pending", queueId: tw.queueA.id });
    const b = await tw.ticket({ status: "pending", queueId: tw.queueB.id });
    const open = await tw.ticket({ status: "open", userId: tw.admin.user.id, queueId: tw.queueA.id });
    expect((await t.call("POST", "/tickets/closeAll", { token: u.token, body: { status: "pending" } })).status).toBe(403);
    expect((await t.call("POST", "/tickets/closeAll", { token: tw.admin.token, body: { status: "bogus" } })).status).toBe(400);
    const res = await t.call("POST", "/tickets/closeAll", { token: tw.admin.token, body: { status: "pending", selectedQueueIds: [tw.queueA.id] } });
    expect(res.body).toEqual({ closed: 1 });
    expect((await tw.row(a.id))?.status).toBe("closed");
    expect((await tw.row(b.id))?.status).toBe("pending");
    expect((await tw.row(open.id))?.status).toBe("open");
    expect((await t.call("POST", "/tickets/closeAll", { token: tw.admin.token, body: { status: "pending" } })).body).toEqual({ closed: 1 });
  });
});
