import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { boardWindow } from "./kanban.service.ts";
import { type Company, createApiConnection, createCompanyWithAdmin, createLane, customerWrites, putInLane, sqlRows } from "./kanban.fixtures.ts";

let t: TestKernel;
let a: Company;
let api: { id: number; token: string };
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  api = await createApiConnection(t, a.token);
});
afterEach(() => t.close());

describe("kanban: happy", () => {
  it("GET /tag/kanban answers the company's lanes by name with their lane fields and ticket counts, both slash forms", async () => {
    const won = await createLane(t, a.token, { name: "Ganho", color: "#00aa00" });
    const lead = await createLane(t, a.token, { name: "Lead", timeLane: 24, nextLaneId: won.id, greetingMessageLane: "Oi {{firstName}}" });
    await t.call("POST", "/tags", { token: a.token, body: { name: "Comum" } }); // a plain tag is no lane
    const one = await customerWrites(t, api.token, "5511900000001");
    const two = await customerWrites(t, api.token, "5511900000002");
    await putInLane(t, a.token, one.ticketId, lead.id);
    await putInLane(t, a.token, two.ticketId, lead.id);

    for (const path of ["/tag/kanban", "/tag/kanban/"]) {
      const res = await t.call("GET", path, { token: a.token });
      expect(res.status, path).toBe(200);
      expect(res.body.lista).toEqual([
        { id: won.id, name: "Ganho", color: "#00aa00", kanban: 1, timeLane: 0, nextLaneId: null, rollbackLaneId: null, greetingMessageLane: "", ticketsCount: 0 },
        {
          id: lead.id,
          name: "Lead",
          color: lead.color,
          kanban: 1,
          timeLane: 24,
          nextLaneId: won.id,
          rollbackLaneId: null,
          greetingMessageLane: "Oi {{firstName}}",
          ticketsCount: 2,
        },
      ]);
    }
  });

  it("GET /ticket/kanban answers today's live tickets as cards with their lanes, newest first, both slash forms", async () => {
    const lane = await createLane(t, a.token, { name: "Proposta" });
    const older = await customerWrites(t, api.token, "5511900000011", "Quero um orçamento", "Ana Souza");
    const newer = await customerWrites(t, api.token, "5511900000012", "Bom dia", "Bruno Lima");
    await putInLane(t, a.token, older.ticketId, lane.id);
    // The link re-announced the older ticket but did not touch its last activity: the newer stays first.
    for (const path of ["/ticket/kanban", "/ticket/kanban/"]) {
      const res = await t.call("GET", path, { token: a.token });
      expect(res.status, path).toBe(200);
      expect(res.body.hasMore).toBe(false);
      expect(res.body.tickets.map((x: { id: number }) => x.id)).toEqual([newer.ticketId, older.ticketId]);
      const card = res.body.tickets[1];
      expect(card).toMatchObject({
        id: older.ticketId,
        uuid: older.ticketUuid,
        status: "pending",
        contact: { name: "Ana Souza", number: "5511900000011" },
        lastMessage: "Quero um orçamento",
        unreadMessages: 1,
        tags: [{ id: lane.id, name: "Proposta", color: lane.color }],
        whatsapp: { name: expect.any(String), channel: "whatsapp", channelKind: "api" },
        // The spec's channel list (the original kanban knows no "api"); the driver beside it (issue 32).
        channel: "whatsapp",
        channelKind: "api",
      });
      expect(typeof card.updatedAt).toBe("string");
    }
  });

  it("the date window: another day's tickets are out; a day or an instant range brings them in; closed tickets never show", async () => {
    const old = await customerWrites(t, api.token, "5511900000021");
    const closed = await customerWrites(t, api.token, "5511900000022");
    await sqlRows(t, "UPDATE tickets SET updated_at = ? WHERE id = ?", ["2026-01-10T15:00:00.000Z", old.ticketId]);
    await sqlRows(t, "UPDATE tickets SET status = 'closed' WHERE id = ?", [closed.ticketId]);
    const ids = async (query: string) => (await t.call("GET", `/ticket/kanban${query}`, { token: a.token })).body.tickets.map((x: { id: number }) => x.id);

    expect(await ids("")).toEqual([]);
    expect(await ids("?startDate=2026-01-10&endDate=2026-01-10")).toEqual([old.ticketId]);
    expect(await ids("?startDate=2026-01-09&endDate=2026-01-11")).toEqual([old.ticketId]);
    expect(await ids("?startDate=2026-01-11")).toEqual([]);
    expect(await ids(`?startDate=${encodeURIComponent("2026-01-10T14:00:00.000Z")}&endDate=${encodeURIComponent("2026-01-10T16:00:00.000Z")}`)).toEqual([old.ticketId]);
    expect(await ids(`?startDate=${encodeURIComponent("2026-01-10T15:30:00.000Z")}&endDate=${encodeURIComponent("2026-01-10T16:00:00.000Z")}`)).toEqual([]);
    // Spec-shaped empties mean "not given": today.
    expect(await ids("?startDate=&endDate=&queueIds=")).toEqual([]);
  });

  it("boardWindow: a day is the whole UTC day, the end day is inclusive, an instant is taken as given", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    expect(boardWindow({}, now)).toEqual({ from: "2026-11-27T00:00:00.000Z", to: "2026-11-28T00:00:00.000Z" });
    expect(boardWindow({ startDate: "2026-11-01", endDate: "2026-11-03" }, now)).toEqual({ from: "2026-11-01T00:00:00.000Z", to: "2026-11-04T00:00:00.000Z" });
    expect(boardWindow({ startDate: "2026-11-27T03:00:00.000Z", endDate: "2026-11-28T02:59:59.999Z" }, now)).toEqual({
      from: "2026-11-27T03:00:00.000Z",
      to: "2026-11-28T02:59:59.999Z",
    });
    expect(boardWindow({ startDate: "2026-11-27T03:00:00.000Z" }, now)).toEqual({ from: "2026-11-27T03:00:00.000Z", to: "2026-11-28T00:00:00.000Z" });
  });

  it("moving a card (spec 002 §4.3): DELETE /ticket-tags then PUT puts the ticket in the new lane, and the board shows it there", async () => {
    const from = await createLane(t, a.token);
    const to = await createLane(t, a.token);
    const one = await customerWrites(t, api.token, "5511900000031");
    await putInLane(t, a.token, one.ticketId, from.id);
    expect((await t.call("DELETE", `/ticket-tags/${one.ticketId}`, { token: a.token })).status).toBe(200);
    expect((await t.call("PUT", `/ticket-tags/${one.ticketId}/${to.id}`, { token: a.token })).status).toBe(200);
    const board = await t.call("GET", "/ticket/kanban", { token: a.token });
    expect(board.body.tickets[0].tags).toEqual([{ id: to.id, name: to.name, color: to.color }]);
    const lanes = (await t.call("GET", "/tag/kanban", { token: a.token })).body.lista;
    expect(lanes.map((l: { id: number; ticketsCount: number }) => [l.id, l.ticketsCount])).toEqual([
      [from.id, 0],
      [to.id, 1],
    ]);
  });

  it("deleting a lane leaves the lanes that pointed at it pointing nowhere", async () => {
    const won = await createLane(t, a.token);
    const lead = await createLane(t, a.token, { timeLane: 2, nextLaneId: won.id, rollbackLaneId: won.id });
    expect((await t.call("DELETE", `/tags/${won.id}`, { token: a.token })).status).toBe(200);
    const [row] = (await t.call("GET", "/tag/kanban", { token: a.token })).body.lista;
    expect(row).toMatchObject({ id: lead.id, nextLaneId: null, rollbackLaneId: null, timeLane: 2 });
  });
});

describe("kanban: errors", () => {
  it("nonsense dates and queue lists are validation errors naming the field, never a crash", async () => {
    for (const [query, field] of [
      ["startDate=ontem", "startDate"],
      ["startDate=2026-13-45", "startDate"],
      ["endDate=2026-02-30T99:00", "endDate"],
      ["queueIds=[abc", "queueIds"],
      ["queueIds=%7B%7D", "queueIds"],
      ["startDate=2026-11-10&endDate=2026-11-09", "endDate"],
    ] as const) {
      const res = await t.call("GET", `/ticket/kanban?${query}`, { token: a.token });
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe("ERR_VALIDATION");
      expect(Object.keys(res.body.fields ?? {}), query).toContain(field);
    }
  });
});
