import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { attendant, type Company, createApiConnection, createCompanyWithAdmin, createLane, createQueue, customerWrites, lanesOf, putInLane, sqlRows } from "./kanban.fixtures.ts";

let t: TestKernel;
let a: Company;
let api: { id: number; token: string };
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  api = await createApiConnection(t, a.token);
});
afterEach(() => t.close());

const ids = async (token: string, query = "") => {
  const res = await t.call("GET", `/ticket/kanban${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.tickets.map((x: { id: number }) => x.id).sort((x: number, y: number) => x - y);
};

describe("kanban: security", () => {
  it("needs a session", async () => {
    for (const path of ["/tag/kanban", "/ticket/kanban"]) expect((await t.call("GET", path)).status, path).toBe(401);
  });

  it("a plan without kanban answers ERR_PLAN_FEATURE_DISABLED on both calls", async () => {
    const planId = await createPlan(t, { useKanban: false });
    const c = await createCompanyWithAdmin(t, "Sem kanban", { planId });
    for (const path of ["/tag/kanban", "/ticket/kanban"]) {
      const res = await t.call("GET", path, { token: c.token });
      expect(res.status, path).toBe(403);
      expect(res.body, path).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useKanban" });
    }
  });

  it("each company sees only its own lanes, tickets and counts", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const bApi = await createApiConnection(t, b.token);
    const aLane = await createLane(t, a.token, { name: "Lane A" });
    const bLane = await createLane(t, b.token, { name: "Lane B" });
    const aTicket = await customerWrites(t, api.token, "5511900000101");
    const bTicket = await customerWrites(t, bApi.token, "5511900000101");
    await putInLane(t, a.token, aTicket.ticketId, aLane.id);
    await putInLane(t, b.token, bTicket.ticketId, bLane.id);

    expect((await t.call("GET", "/tag/kanban", { token: a.token })).body.lista).toEqual([expect.objectContaining({ id: aLane.id, ticketsCount: 1 })]);
    expect((await t.call("GET", "/tag/kanban", { token: b.token })).body.lista).toEqual([expect.objectContaining({ id: bLane.id, ticketsCount: 1 })]);
    expect(await ids(a.token)).toEqual([aTicket.ticketId]);
    expect(await ids(b.token)).toEqual([bTicket.ticketId]);
    // Naming B's queue in the filter shows A nothing of B.
    const bQueue = await createQueue(t, b.token);
    expect(await ids(a.token, `?queueIds=${encodeURIComponent(JSON.stringify([bQueue.id]))}`)).toEqual([aTicket.ticketId]);
  });

  it("an attendant sees the tickets of their queues, their own and (with allTicket) those without a queue, like the ticket list", async () => {
    const sales = await createQueue(t, a.token);
    const support = await createQueue(t, a.token);
    const inSales = await customerWrites(t, api.token, "5511900000201");
    const inSupport = await customerWrites(t, api.token, "5511900000202");
    const noQueue = await customerWrites(t, api.token, "5511900000203");
    const mineInSupport = await customerWrites(t, api.token, "5511900000204");
    const seller = await attendant(t, a.company.id, [sales.id]);
    await sqlRows(t, "UPDATE tickets SET queue_id = ? WHERE id = ?", [sales.id, inSales.ticketId]);
    await sqlRows(t, "UPDATE tickets SET queue_id = ? WHERE id = ?", [support.id, inSupport.ticketId]);
    await sqlRows(t, "UPDATE tickets SET queue_id = ?, user_id = ?, status = 'open' WHERE id = ?", [support.id, seller.user.id, mineInSupport.ticketId]);

    expect(await ids(seller.token)).toEqual([inSales.ticketId, mineInSupport.ticketId]);
    await sqlRows(t, "UPDATE users SET all_ticket = 'enable' WHERE id = ?", [seller.user.id]);
    expect(await ids(seller.token)).toEqual([inSales.ticketId, noQueue.ticketId, mineInSupport.ticketId]);
    // The admin sees every live ticket; the queue filter narrows (tickets without a queue always pass).
    expect(await ids(a.token)).toEqual([inSales.ticketId, inSupport.ticketId, noQueue.ticketId, mineInSupport.ticketId]);
    expect(await ids(a.token, `?queueIds=${encodeURIComponent(JSON.stringify([sales.id]))}`)).toEqual([inSales.ticketId, noQueue.ticketId]);
  });

  it("PUT /ticket/kanban/{id} answers what opening the ticket answers: 403 for a ticket of another queue, and it stays in its lane", async () => {
    const sales = await createQueue(t, a.token);
    const support = await createQueue(t, a.token);
    const from = await createLane(t, a.token);
    const to = await createLane(t, a.token);
    const theirs = await customerWrites(t, api.token, "5511900000501");
    const mine = await customerWrites(t, api.token, "5511900000502");
    await sqlRows(t, "UPDATE tickets SET queue_id = ? WHERE id = ?", [support.id, theirs.ticketId]);
    await sqlRows(t, "UPDATE tickets SET queue_id = ? WHERE id = ?", [sales.id, mine.ticketId]);
    await putInLane(t, a.token, theirs.ticketId, from.id);
    const seller = await attendant(t, a.company.id, [sales.id]);
    expect((await t.call("GET", `/tickets/${theirs.ticketId}`, { token: seller.token })).status).toBe(403);

    const res = await t.call("PUT", `/ticket/kanban/${theirs.ticketId}`, { token: seller.token, body: { laneId: to.id } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect(await lanesOf(t, theirs.ticketId)).toEqual([from.id]);
    expect((await t.call("PUT", `/ticket/kanban/${theirs.ticketId}`, { token: seller.token, body: { laneId: null } })).status).toBe(403);
    expect(await lanesOf(t, theirs.ticketId)).toEqual([from.id]);
    // Their own queue's ticket moves.
    const ok = await t.call("PUT", `/ticket/kanban/${mine.ticketId}`, { token: seller.token, body: { laneId: to.id } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await lanesOf(t, mine.ticketId)).toEqual([to.id]);
  });

  it("a plain user's card hides the number when the company masks numbers (LGPD), as the ticket list does", async () => {
    await customerWrites(t, api.token, "5511900000301");
    const user = await attendant(t, a.company.id, []);
    await sqlRows(t, "UPDATE users SET all_ticket = 'enable' WHERE id = ?", [user.user.id]);
    const put = await t.call("PUT", "/companySettings", { token: a.token, body: { column: "lgpdHideNumber", data: "enabled" } });
    expect(put.status).toBe(200);
    const [card] = (await t.call("GET", "/ticket/kanban", { token: user.token })).body.tickets;
    expect(card.contact.number).not.toContain("900000301");
  });
});
