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

describe("GET /tickets: tabs and filters (happy)", () => {
  it("answers each tab with its status, page shape and count", async () => {
    const mine = await w.ticket({ status: "open", userId: w.admin.user.id, queueId: w.queueA.id });
    const pending = await w.ticket({ status: "pending", queueId: w.queueA.id });
    const closed = await w.ticket({ status: "closed", userId: w.admin.user.id, queueId: w.queueA.id });
    const group = await w.ticket({ status: "group", isGroup: true, queueId: w.queueA.id });

    const open = await listTickets(t, w.admin.token, { status: "open" });
    expect(open.status).toBe(200);
    expect(open.body.tickets.map((x: { id: number }) => x.id)).toContain(mine.id);
    expect(open.body.tickets.every((x: { status: string }) => x.status === "open")).toBe(true);
    expect(open.body).toMatchObject({ hasMore: false });
    expect(open.body.count).toBe(open.body.tickets.length);

    expect(idsOf((await listTickets(t, w.admin.token, { status: "pending", showAll: true })).body)).toContain(pending.id);
    expect(idsOf((await listTickets(t, w.admin.token, { status: "closed", showAll: true })).body)).toContain(closed.id);
    expect(idsOf((await listTickets(t, w.admin.token, { status: "group", showAll: true })).body)).toContain(group.id);
    const search = await listTickets(t, w.admin.token, { status: "search" });
    expect(idsOf(search.body)).toEqual(expect.arrayContaining([mine.id, pending.id, closed.id, group.id]));
  });

  it("returns the full TicketView shape with contact, queue, connection and tags", async () => {
    const c = await w.contact({ name: "Forma Completa" });
    const tk = await w.ticket({ contactId: c.id, status: "open", userId: w.admin.user.id, queueId: w.queueB.id, lastMessage: "oi" });
    const tag = await w.tag("Vip forma");
    await w.tagTicket(tk.id, tag.id);
    const res = await listTickets(t, w.admin.token, { status: "open" });
    const view = res.body.tickets.find((x: { id: number }) => x.id === tk.id);
    expect(view).toMatchObject({
      uuid: tk.uuid,
      contact: { id: c.id, name: "Forma Completa", number: c.number, isGroup: false, active: true },
      user: { id: w.admin.user.id, name: w.admin.user.name },
      queue: { id: w.queueB.id, name: w.queueB.name },
      whatsapp: { id: w.connection.id, groupAsTicket: "disabled" },
      lastMessage: "oi",
      tags: [{ id: tag.id, name: "Vip forma" }],
      userRating: null,
    });
  });

  it("pages by 40 with hasMore and the total count", async () => {
    const tw = await ticketCompany(t);
    for (let i = 0; i < 45; i++) await tw.ticket({ status: "pending", queueId: tw.queueA.id });
    const p1 = await listTickets(t, tw.admin.token, { status: "pending", showAll: true });
    expect(p1.body.tickets).toHaveLength(40);
    expect(p1.body).toMatchObject({ count: 45, hasMore: true });
    const p2 = await listTickets(t, tw.admin.token, { status: "pending", showAll: true, pageNumber: 2 });
    expect(p2.body.tickets).toHaveLength(5);
    expect(p2.body.hasMore).toBe(false);
  });

  it("sorts by updatedAt ASC or DESC; closed and search stay newest first", async () => {
    const tw = await ticketCompany(t);
    const a = await tw.ticket({ status: "pending", updatedAt: "2024-01-01T10:00:00.000Z" });
    const b = await tw.ticket({ status: "pending", updatedAt: "2024-01-02T10:00:00.000Z" });
    const desc = await listTickets(t, tw.admin.token, { status: "pending", showAll: true });
    expect(desc.body.tickets.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    const asc = await listTickets(t, tw.admin.token, { status: "pending", showAll: true, sortTickets: "ASC" });
    expect(asc.body.tickets.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    const c1 = await tw.ticket({ status: "closed", updatedAt: "2024-01-01T10:00:00.000Z" });
    const c2 = await tw.ticket({ status: "closed", updatedAt: "2024-01-03T10:00:00.000Z" });
    const closed = await listTickets(t, tw.admin.token, { status: "closed", showAll: true, sortTickets: "ASC" });
    expect(closed.body.tickets.map((x: { id: number }) => x.id)).toEqual([c2.id, c1.id]);
  });

  it("filters by queues, connections, users, tags, statusFilter, dates and unread", async () => {
    const tw = await ticketCompany(t);
    const u = await tw.attendant([tw.queueA.id]);
    const inA = await tw.ticket({
      status: "open",
      queueId: tw.queueA.id,
      userId: u.user.id,
      unreadMessages: 2,
      createdAt: "2024-05-05T12:00:00.000Z",
      updatedAt: "2024-05-06T12:00:00.000Z",
    });
    const inB = await tw.ticket({ status: "open", queueId: tw.queueB.id, userId: tw.admin.user.id });
    const tag = await tw.tag("Filtro tag");
    await tw.tagTicket(inB.id, tag.id);
    const q = { status: "open", showAll: true };
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, queueIds: [tw.queueA.id] })).body)).toEqual([inA.id]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, users: [u.user.id] })).body)).toEqual([inA.id]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, tags: [tag.id] })).body)).toEqual([inB.id]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, withUnreadMessages: true })).body)).toEqual([inA.id]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, date: "2024-05-05" })).body)).toEqual([inA.id]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, updatedAt: "2024-05-06" })).body)).toEqual([inA.id]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, whatsapps: [tw.connection.id] })).body)).toEqual([inA.id, inB.id]);
    expect((await listTickets(t, tw.admin.token, { ...q, whatsapps: [999999] })).body.tickets).toEqual([]);
    const pending = await tw.ticket({ status: "pending" });
    const search = await listTickets(t, tw.admin.token, { status: "search", statusFilter: ["pending"] });
    expect(idsOf(search.body)).toEqual([pending.id]);
  });
});

describe("GET /tickets: search", () => {
  it("finds contacts by name ignoring accents and case, and by number", async () => {
    const tw = await ticketCompany(t);
    const c = await tw.contact({ name: "Ação Comercial João", number: "5511987651234" });
    const tk = await tw.ticket({ contactId: c.id, status: "pending" });
    await tw.ticket({ status: "pending" });
    for (const term of ["acao", "AÇÃO", "joao", "comercial", "87651"]) {
      const res = await listTickets(t, tw.admin.token, { status: "search", searchParam: term });
      expect(idsOf(res.body), term).toEqual([tk.id]);
    }
    const short = await listTickets(t, tw.admin.token, { status: "search", searchParam: "Aç" });
    expect(idsOf(short.body)).toEqual([tk.id]);
  });

  it("searches message text only with searchOnMessages, accent-insensitively", async () => {
    const tw = await ticketCompany(t);
    const tk = await tw.ticket({ status: "open", userId: tw.admin.user.id });
    await tw.message(tk.id, "Preciso da informação sobre o orçamento");
    await tw.ticket({ status: "open", userId: tw.admin.user.id });
    const without = await listTickets(t, tw.admin.token, { status: "search", searchParam: "orcamento" });
    expect(without.body.tickets).toEqual([]);
    for (const term of ["orcamento", "informacao orç", "INFORMA"]) {
      const res = await listTickets(t, tw.admin.token, { status: "search", searchParam: term, searchOnMessages: true });
      expect(idsOf(res.body), term).toEqual([tk.id]);
    }
  });

  it("keeps the message index in step with edits and deletions", async () => {
    const tw = await ticketCompany(t);
    const tk = await tw.ticket({ status: "open", userId: tw.admin.user.id });
    const m = await tw.message(tk.id, "palavra antiga");
    const { messages } = await import("../../schema/tables.ts");
    const { eq } = await import("drizzle-orm");
    await t.kernel.db.update(messages).set({ body: "palavra nova" }).where(eq(messages.id, m.id));
    const q = { status: "search", searchOnMessages: true };
    expect((await listTickets(t, tw.admin.token, { ...q, searchParam: "antiga" })).body.tickets).toEqual([]);
    expect(idsOf((await listTickets(t, tw.admin.token, { ...q, searchParam: "nova" })).body)).toEqual([tk.id]);
    await t.kernel.db.delete(messages).where(eq(messages.id, m.id));
    expect((await listTickets(t, tw.admin.token, { ...q, searchParam: "nova" })).body.tickets).toEqual([]);
  });

  it("pages a message search by 40 with its count, and finds a ticket by its contact or its messages", async () => {
    const tw = await ticketCompany(t);
    const found: number[] = [];
    for (let i = 0; i < 44; i++) {
      const tk = await tw.ticket({ status: i % 2 ? "closed" : "pending", updatedAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() });
      await tw.message(tk.id, `Sobre o pedido ${i}`);
      await tw.message(tk.id, "Outro pedido também");
      found.push(tk.id);
    }
    const byName = await tw.ticket({ status: "open", userId: tw.admin.user.id, contactId: (await tw.contact({ name: "Pedido Especial" })).id });
    found.push(byName.id);
    const q = { status: "search", searchParam: "pedido", searchOnMessages: true };
    const p1 = await listTickets(t, tw.admin.token, q);
    expect(p1.body).toMatchObject({ count: 45, hasMore: true });
    expect(p1.body.tickets).toHaveLength(40);
    const p2 = await listTickets(t, tw.admin.token, { ...q, pageNumber: 2 });
    expect(p2.body).toMatchObject({ count: 45, hasMore: false });
    // Newest activity first, each ticket once however many of its messages match.
    expect((await listTickets(t, tw.admin.token, { ...q, pageNumber: 9 })).body).toEqual({ tickets: [], count: 45, hasMore: false });
    const inOrder = [...p1.body.tickets, ...p2.body.tickets].map((x: { id: number }) => x.id);
    expect(inOrder).toEqual([byName.id, ...found.slice(0, 44).reverse()]);
  });

  it("counts a message search up to COUNT_CAP and still pages with an exact hasMore", async () => {
    const tw = await ticketCompany(t);
    const c = await tw.contact();
    const { sql } = await import("drizzle-orm");
    const { COUNT_CAP } = await import("./ticket-list.service.ts");
    const total = COUNT_CAP + 50;
    // Bulk SQL: one closed ticket and one matching message each, newest = highest id.
    await t.kernel.db.run(sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${total})
      insert into tickets (uuid, company_id, status, contact_id, whatsapp_id, created_at, updated_at)
      select 'cap-' || i, ${tw.companyId}, 'closed', ${c.id}, ${tw.connection.id}, '2024-01-01T00:00:00.000Z', strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds') from n`);
    await t.kernel.db.run(sql`insert into messages (company_id, ticket_id, whatsapp_id, provider_id, body, created_at, updated_at)
      select company_id, id, whatsapp_id, 'cap-' || id, 'palavra comum', created_at, updated_at from tickets where company_id = ${tw.companyId}`);
    const q = { status: "search", searchParam: "comum", searchOnMessages: true };
    const p1 = await listTickets(t, tw.admin.token, q);
    expect(p1.body).toMatchObject({ count: COUNT_CAP, hasMore: true });
    // Past the cap the count still covers the page asked for; the last page has no more.
    const last = Math.ceil(total / 40);
    const end = await listTickets(t, tw.admin.token, { ...q, pageNumber: last });
    expect(end.body.tickets).toHaveLength(total - (last - 1) * 40);
    expect(end.body).toMatchObject({ count: total, hasMore: false });
    // Without the message search the count stays exact.
    expect((await listTickets(t, tw.admin.token, { status: "closed", showAll: true })).body.count).toBe(total);
  }, 30_000);

  it("a message search never reaches another company's messages, nor a deleted ticket's", async () => {
    const tw = await ticketCompany(t);
    const other = await ticketCompany(t);
    const theirs = await other.ticket({ status: "open", userId: other.admin.user.id });
    await other.message(theirs.id, "segredo industrial");
    const q = { status: "search", searchParam: "segredo", searchOnMessages: true };
    expect((await listTickets(t, tw.admin.token, q)).body).toMatchObject({ tickets: [], count: 0, hasMore: false });
    expect(idsOf((await listTickets(t, other.admin.token, q)).body)).toEqual([theirs.id]);
    const { tickets } = await import("../../schema/tables.ts");
    const { eq } = await import("drizzle-orm");
    await t.kernel.db.delete(tickets).where(eq(tickets.id, theirs.id));
    expect((await listTickets(t, other.admin.token, q)).body).toMatchObject({ tickets: [], count: 0 });
  });

  it("control characters in the search text (a NUL from %00) separate words, never crash the full-text query", async () => {
    const tw = await ticketCompany(t);
    const c = await tw.contact({ name: "Ação Comercial João", number: "5511987655678" });
    const tk = await tw.ticket({ contactId: c.id, status: "open", userId: tw.admin.user.id });
    await tw.message(tk.id, "Preciso da informação sobre o orçamento");
    const raw = await t.call("GET", "/tickets?status=search&searchParam=1%001", { token: tw.admin.token });
    expect(raw.status).toBe(200);
    for (const [term, searchOnMessages] of [
      ["acao\u0000", false],
      ["\u0000AÇÃO\u0007", false],
      ["informa\u0000orç", true],
      ["1\u00001", true],
    ] as const) {
      const res = await listTickets(t, tw.admin.token, { status: "search", searchParam: term, searchOnMessages });
      expect(res.status, JSON.stringify(term)).toBe(200);
      expect(idsOf(res.body), JSON.stringify(term)).toEqual(term.startsWith("1") ? [] : [tk.id]);
    }
    const onlyControls = await listTickets(t, tw.admin.token, { status: "search", searchParam: "\u0000\u0000\u0000" });
    expect(onlyControls.status).toBe(200);
  });

  it("treats FTS syntax in the search text as plain text", async () => {
    for (const term of ['"', "a OR b", "NEAR(x y)", "*", "'; drop table tickets; --", "col:val", "%_"]) {
      const res = await listTickets(t, w.admin.token, { status: "search", searchParam: term, searchOnMessages: true });
      expect(res.status, term).toBe(200);
    }
  });
});

describe("GET /tickets: bad parameters (errors)", () => {
  it.each([
    ["queueIds", "[1,"],
    ["queueIds", '{"a":1}'],
    ["tags", '["x"]'],
    ["users", "nope"],
    ["whatsapps", "[-1]"],
    ["statusFilter", '["weird"]'],
  ])("%s=%s -> 400 ERR_VALIDATION", async (key, value) => {
    const res = await t.call("GET", `/tickets?${key}=${encodeURIComponent(value)}`, { token: w.admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
  });

  it.each([
    ["status", "archived"],
    ["date", "2024-13-45"],
    ["updatedAt", "yesterday"],
    ["pageNumber", "0"],
    ["sortTickets", "UP"],
    ["showAll", "maybe"],
  ])("%s=%s -> 400", async (key, value) => {
    const res = await t.call("GET", `/tickets?${key}=${encodeURIComponent(value)}`, { token: w.admin.token });
    expect(res.status).toBe(400);
  });

  it("needs a session", async () => {
    expect((await t.call("GET", "/tickets")).status).toBe(401);
  });
});
