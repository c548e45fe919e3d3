import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { type Company, createApiConnection, createCompanyWithAdmin, createLane, customerWrites, lanesOf, putInLane, sqlRows } from "./kanban.fixtures.ts";

/** PUT /ticket/kanban/{ticketId}: the board's move between lanes, one transaction. */
let t: TestKernel;
let a: Company;
let api: { id: number; token: string };
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  api = await createApiConnection(t, a.token);
});
afterEach(() => t.close());

const move = (token: string, ticketId: number, laneId: unknown, path = `/ticket/kanban/${ticketId}`) => t.call("PUT", path, { token, body: { laneId } });
const plainTag = async (token: string, name: string) => (await t.call("POST", "/tags", { token, body: { name } })).body as { id: number };
const linkedAt = async (ticketId: number, tagId: number) =>
  (await sqlRows(t, "SELECT created_at FROM ticket_tags WHERE ticket_id = ? AND tag_id = ?", [ticketId, tagId]))[0]?.created_at as string | undefined;

describe("kanban move: happy", () => {
  it("moves a ticket from its lane to another, keeping its other tags, both slash forms; the counts follow", async () => {
    const from = await createLane(t, a.token);
    const to = await createLane(t, a.token);
    const vip = await plainTag(a.token, "VIP");
    const one = await customerWrites(t, api.token, "5511900000401");
    await putInLane(t, a.token, one.ticketId, from.id);
    await putInLane(t, a.token, one.ticketId, vip.id);

    const res = await move(a.token, one.ticketId, to.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ticketId: one.ticketId, laneId: to.id });
    expect(await lanesOf(t, one.ticketId)).toEqual([to.id, vip.id].sort((x, y) => x - y));
    const lanes = (await t.call("GET", "/tag/kanban", { token: a.token })).body.lista;
    expect(lanes.map((l: { id: number; ticketsCount: number }) => [l.id, l.ticketsCount])).toEqual([
      [from.id, 0],
      [to.id, 1],
    ]);
    expect((await move(a.token, one.ticketId, from.id, `/ticket/kanban/${one.ticketId}/`)).status).toBe(200);
    expect(await lanesOf(t, one.ticketId)).toEqual([from.id, vip.id].sort((x, y) => x - y));
  });

  it("the default lane (null and the spec's empties) takes the ticket out of every lane; its other tags stay", async () => {
    const lane = await createLane(t, a.token);
    const vip = await plainTag(a.token, "VIP");
    const one = await customerWrites(t, api.token, "5511900000402");
    await putInLane(t, a.token, one.ticketId, vip.id);
    for (const empty of [null, "", 0, false, []]) {
      await putInLane(t, a.token, one.ticketId, lane.id);
      const res = await move(a.token, one.ticketId, empty);
      expect(res.status, JSON.stringify(empty)).toBe(200);
      expect(res.body).toEqual({ ticketId: one.ticketId, laneId: null });
      expect(await lanesOf(t, one.ticketId)).toEqual([vip.id]);
    }
  });

  it("a ticket in two lanes (linked by hand) ends in the one chosen; the lane it is already in keeps its time", async () => {
    const first = await createLane(t, a.token);
    const second = await createLane(t, a.token);
    const one = await customerWrites(t, api.token, "5511900000403");
    await putInLane(t, a.token, one.ticketId, first.id, 5);
    await putInLane(t, a.token, one.ticketId, second.id);
    const since = await linkedAt(one.ticketId, first.id);
    expect((await move(a.token, one.ticketId, first.id)).status).toBe(200);
    expect(await lanesOf(t, one.ticketId)).toEqual([first.id]);
    expect(await linkedAt(one.ticketId, first.id)).toBe(since);
  });

  it("announces the ticket once, after the move committed, with its new lane", async () => {
    const from = await createLane(t, a.token);
    const to = await createLane(t, a.token, { name: "Destino" });
    const one = await customerWrites(t, api.token, "5511900000404");
    await putInLane(t, a.token, one.ticketId, from.id);
    const sent: { event: string; payload: any }[] = [];
    const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
    t.kernel.realtime.emit = (companyId, event, payload, room) => {
      sent.push({ event, payload });
      emit(companyId, event, payload, room);
    };
    expect((await move(a.token, one.ticketId, to.id)).status).toBe(200);
    const updates = sent.filter((s) => s.event === `company-${a.company.id}-ticket` && s.payload.action === "update");
    expect(updates).toHaveLength(1);
    expect(updates[0]!.payload.ticket.tags).toEqual([{ id: to.id, name: "Destino", color: to.color }]);
  });
});

describe("kanban move: errors", () => {
  it("a plain tag is not a lane; nonsense lane ids and ticket ids are validation errors; unknown ones are 404; nothing moves", async () => {
    const lane = await createLane(t, a.token);
    const vip = await plainTag(a.token, "VIP");
    const one = await customerWrites(t, api.token, "5511900000501");
    await putInLane(t, a.token, one.ticketId, lane.id);

    const plain = await move(a.token, one.ticketId, vip.id);
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({ error: "ERR_VALIDATION", fields: { laneId: expect.any(String) } });
    for (const nonsense of [true, "abc", -3, 1.5, [lane.id], { id: lane.id }]) {
      const res = await move(a.token, one.ticketId, nonsense);
      expect(res.status, JSON.stringify(nonsense)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(nonsense)).toContain("laneId");
    }
    expect((await t.call("PUT", `/ticket/kanban/${one.ticketId}`, { token: a.token, body: {} })).status).toBe(400);
    expect((await t.call("PUT", "/ticket/kanban/abc", { token: a.token, body: { laneId: lane.id } })).status).toBe(400);
    expect((await move(a.token, 999_999, lane.id)).body).toMatchObject({ error: "ERR_NO_TICKET_FOUND" });
    expect((await move(a.token, one.ticketId, 999_999)).body).toMatchObject({ error: "ERR_NOT_FOUND" });
    expect(await lanesOf(t, one.ticketId)).toEqual([lane.id]);
  });

  it("a failure after the old lane's link is gone rolls the whole move back: the ticket stays in its old lane", async () => {
    const from = await createLane(t, a.token);
    const to = await createLane(t, a.token);
    const one = await customerWrites(t, api.token, "5511900000502");
    await putInLane(t, a.token, one.ticketId, from.id);
    // The new link's insert fails (a full disk, say), after the delete of the old one.
    await sqlRows(t, `CREATE TRIGGER fail_link BEFORE INSERT ON ticket_tags WHEN NEW.tag_id = ${to.id} BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    expect((await move(a.token, one.ticketId, to.id)).status).toBe(500);
    expect(await lanesOf(t, one.ticketId)).toEqual([from.id]);
  });
});

describe("kanban move: security", () => {
  it("needs a session, and the plan's kanban", async () => {
    expect((await t.call("PUT", "/ticket/kanban/1", { body: { laneId: null } })).status).toBe(401);
    const planId = await createPlan(t, { useKanban: false });
    const c = await createCompanyWithAdmin(t, "Sem kanban", { planId });
    const res = await t.call("PUT", "/ticket/kanban/1", { token: c.token, body: { laneId: null } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED", flag: "useKanban" });
  });

  it("another company's ticket or lane is refused, and neither company's ticket moves", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const bApi = await createApiConnection(t, b.token);
    const aLane = await createLane(t, a.token);
    const bLane = await createLane(t, b.token);
    const aTicket = await customerWrites(t, api.token, "5511900000601");
    const bTicket = await customerWrites(t, bApi.token, "5511900000601");
    await putInLane(t, a.token, aTicket.ticketId, aLane.id);
    await putInLane(t, b.token, bTicket.ticketId, bLane.id);

    const theirTicket = await move(a.token, bTicket.ticketId, aLane.id);
    expect(theirTicket.status).toBe(404);
    expect(theirTicket.body.error).toBe("ERR_NO_TICKET_FOUND");
    const theirLane = await move(a.token, aTicket.ticketId, bLane.id);
    expect(theirLane.status).toBe(404);
    expect(theirLane.body.error).toBe("ERR_NOT_FOUND");
    const theirTicketOut = await move(a.token, bTicket.ticketId, null);
    expect(theirTicketOut.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await lanesOf(t, aTicket.ticketId)).toEqual([aLane.id]);
    expect(await lanesOf(t, bTicket.ticketId)).toEqual([bLane.id]);
  });
});
