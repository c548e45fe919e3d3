import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { idsOf, listTickets, ticketCompany, type TicketCompany } from "./tickets-list.fixtures.ts";
import { ticketsKernel } from "../testing/tickets.fixtures.ts";

let t: TestKernel;
let w: TicketCompany;

beforeAll(async () => {
  t = await ticketsKernel();
  w = await ticketCompany(t);
});
afterAll(() => t.close());

describe("who sees which tickets (security)", () => {
  it("a plain user sees their open tickets, and their queues' waiting tickets, never other queues'", async () => {
    const u = await w.attendant([w.queueA.id]);
    const other = await w.attendant([w.queueA.id]);
    const myOpen = await w.ticket({ status: "open", userId: u.user.id, queueId: w.queueA.id });
    const othersOpen = await w.ticket({ status: "open", userId: other.user.id, queueId: w.queueA.id });
    const pendingA = await w.ticket({ status: "pending", queueId: w.queueA.id });
    const pendingB = await w.ticket({ status: "pending", queueId: w.queueB.id });
    const noQueue = await w.ticket({ status: "pending" });

    expect(idsOf((await listTickets(t, u.token, { status: "open" })).body)).toEqual([myOpen.id]);
    // Show-all is ignored without allUserChat.
    expect(idsOf((await listTickets(t, u.token, { status: "open", showAll: true })).body)).toEqual([myOpen.id]);
    const pending = idsOf((await listTickets(t, u.token, { status: "pending", showAll: true })).body);
    expect(pending).toContain(pendingA.id);
    expect(pending).not.toContain(pendingB.id);
    expect(pending).not.toContain(noQueue.id);
    const search = idsOf((await listTickets(t, u.token, { status: "search" })).body);
    expect(search).toEqual(expect.arrayContaining([myOpen.id, othersOpen.id, pendingA.id]));
    expect(search).not.toContain(pendingB.id);

    expect((await t.call("GET", `/tickets/${pendingB.id}`, { token: u.token })).status).toBe(403);
    expect((await t.call("GET", `/tickets/${noQueue.id}`, { token: u.token })).body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("GET", `/tickets/${pendingA.id}`, { token: u.token })).status).toBe(200);
  });

  it("allUserChat users may show everybody's open tickets of their queues", async () => {
    const u = await w.attendant([w.queueA.id], { allUserChat: "enabled" });
    const other = await w.attendant([w.queueA.id]);
    const othersOpen = await w.ticket({ status: "open", userId: other.user.id, queueId: w.queueA.id });
    const otherQueue = await w.ticket({ status: "open", userId: other.user.id, queueId: w.queueB.id });
    const res = idsOf((await listTickets(t, u.token, { status: "open", showAll: true })).body);
    expect(res).toContain(othersOpen.id);
    expect(res).not.toContain(otherQueue.id);
  });

  it("allTicket opens tickets without queue; allowGroup the groups; allHistoric others' closed tickets", async () => {
    const plain = await w.attendant([w.queueA.id]);
    const wide = await w.attendant([w.queueA.id], { allTicket: "enable", allowGroup: true, allHistoric: "enabled" });
    const noQueue = await w.ticket({ status: "pending" });
    const group = await w.ticket({ status: "group", isGroup: true, queueId: w.queueA.id });
    const closed = await w.ticket({ status: "closed", userId: w.admin.user.id, queueId: w.queueA.id });
    for (const [tk, tab] of [
      [noQueue, "pending"],
      [group, "group"],
      [closed, "closed"],
    ] as const) {
      expect(idsOf((await listTickets(t, plain.token, { status: tab })).body), tab).not.toContain(tk.id);
      expect(idsOf((await listTickets(t, wide.token, { status: tab })).body), tab).toContain(tk.id);
      expect((await t.call("GET", `/tickets/${tk.id}`, { token: plain.token })).status).toBe(403);
      expect((await t.call("GET", `/tickets/${tk.id}`, { token: wide.token })).status).toBe(200);
    }
  });

  it("a user always sees their own tickets, even closed or in another queue", async () => {
    const u = await w.attendant([w.queueA.id]);
    const own = await w.ticket({ status: "closed", userId: u.user.id, queueId: w.queueB.id });
    expect(idsOf((await listTickets(t, u.token, { status: "closed" })).body)).toEqual([own.id]);
    expect((await t.call("GET", `/tickets/u/${own.uuid}`, { token: u.token })).status).toBe(200);
  });

  it("the users filter is for admins only", async () => {
    const u = await w.attendant([w.queueA.id]);
    const own = await w.ticket({ status: "open", userId: u.user.id, queueId: w.queueA.id });
    const res = await listTickets(t, u.token, { status: "open", users: [w.admin.user.id] });
    expect(idsOf(res.body)).toEqual([own.id]);
  });
});

describe("LGPD number masking (security)", () => {
  it("masks the contact number for plain users when lgpdHideNumber is enabled, never for admins", async () => {
    const tw = await ticketCompany(t);
    const u = await tw.attendant([tw.queueA.id]);
    const c = await tw.contact({ name: "Privado", number: "5511987654321" });
    const tk = await tw.ticket({ contactId: c.id, status: "pending", queueId: tw.queueA.id });
    const numberSeenBy = async (token: string) =>
      (await listTickets(t, token, { status: "pending", showAll: true })).body.tickets.find((x: { id: number }) => x.id === tk.id).contact.number;

    expect(await numberSeenBy(u.token)).toBe("5511987654321");
    await t.kernel.settings.setCompany(tw.companyId, "lgpdHideNumber", "enabled");
    expect(await numberSeenBy(u.token)).toBe("5511*****4321");
    expect(await numberSeenBy(tw.admin.token)).toBe("5511987654321");
    expect((await t.call("GET", `/tickets/${tk.id}`, { token: u.token })).body.contact.number).toBe("5511*****4321");
    // A masked viewer cannot find the contact by probing digits; names still match.
    expect((await listTickets(t, u.token, { status: "search", searchParam: "987654" })).body.tickets).toEqual([]);
    expect(idsOf((await listTickets(t, u.token, { status: "search", searchParam: "privado" })).body)).toEqual([tk.id]);
  });
});

describe("tenancy (security)", () => {
  it("another company's tickets are never listed and answer 404", async () => {
    const b = await ticketCompany(t);
    const theirs = await b.ticket({ status: "open", userId: b.admin.user.id });
    expect(idsOf((await listTickets(t, w.admin.token, { status: "search" })).body)).not.toContain(theirs.id);
    for (const [method, path] of [
      ["GET", `/tickets/${theirs.id}`],
      ["GET", `/tickets/u/${theirs.uuid}`],
      ["PUT", `/tickets/${theirs.id}`],
      ["DELETE", `/tickets/${theirs.id}`],
      ["GET", `/tickets-log/${theirs.id}`],
    ] as const) {
      const res = await t.call(method, path, { token: w.admin.token, body: method === "PUT" ? { status: "closed" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    }
    expect((await b.row(theirs.id))?.status).toBe("open");
  });

  it("cannot open a ticket for another company's contact or connection", async () => {
    const b = await ticketCompany(t);
    const theirContact = await b.contact();
    expect((await t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: theirContact.id } })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    const mine = await w.contact();
    const res = await t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: mine.id, whatsappId: b.connection.id } });
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    const q = await t.call("POST", "/tickets", { token: w.admin.token, body: { contactId: mine.id, queueId: b.queueA.id } });
    expect(q.status).toBe(400);
  });
});
