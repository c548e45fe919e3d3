import { describe, expect, it } from "vitest";
import { testUser } from "../../../../web/src/test/fixtures.ts";
import { apiMessage, apiTicket } from "../test-tickets.ts";
import { addMessage, belongsInList, dropTicket, seedList, updateTicket } from "./notification-list.ts";

const me = testUser({ id: 7, queues: [{ id: 1, name: "Vendas" }] });
const ids = (list: readonly { id: number }[]) => list.map((t) => t.id);

describe("notification list rules", () => {
  it("keeps only unread, unresolved tickets of my queues that are mine or unassigned", () => {
    expect(belongsInList(apiTicket(1, "A", { unreadMessages: 1 }), me)).toBe(true);
    expect(belongsInList(apiTicket(1, "A", { unreadMessages: 0 }), me)).toBe(false);
    expect(belongsInList(apiTicket(1, "A", { unreadMessages: 1, status: "closed", userId: null }), me)).toBe(false);
    expect(belongsInList(apiTicket(1, "A", { unreadMessages: 1, userId: 8 }), me)).toBe(false);
    expect(belongsInList(apiTicket(1, "A", { unreadMessages: 1, status: "pending", userId: null, queueId: 9 }), me)).toBe(false);
    // no queue: only for allTicket users
    const noQueue = apiTicket(1, "A", { unreadMessages: 1, status: "pending", userId: null, queueId: null, queue: null });
    expect(belongsInList(noQueue, me)).toBe(false);
    expect(belongsInList(noQueue, testUser({ ...me, allTicket: "enable" }))).toBe(true);
  });

  it("seeds newest first and lets a newer live copy win over an older answer", () => {
    const old = apiTicket(1, "A", { unreadMessages: 1, updatedAt: "2026-01-01T10:00:00.000Z" });
    const recent = apiTicket(2, "B", { unreadMessages: 1, updatedAt: "2026-01-01T12:00:00.000Z" });
    const seeded = seedList([], [old, recent], me);
    expect(ids(seeded)).toEqual([2, 1]);
    const live = addMessage(seeded, old, apiMessage(5, 1, { body: "novo", createdAt: "2026-01-01T13:00:00.000Z" }), me);
    expect(ids(live)).toEqual([1, 2]);
    const again = seedList(live, [old], me);
    expect(again[0]!.lastMessage).toBe("novo");
  });

  it("updates refresh or drop; drop leaves the same list when nothing matches", () => {
    const list = seedList([], [apiTicket(1, "A", { unreadMessages: 1 })], me);
    expect(updateTicket(list, apiTicket(1, "A", { unreadMessages: 3, lastMessage: "x" }), me)[0]!.lastMessage).toBe("x");
    expect(updateTicket(list, apiTicket(1, "A", { unreadMessages: 1, userId: 8 }), me)).toEqual([]);
    expect(dropTicket(list, (t) => t.id === 99)).toBe(list);
    expect(dropTicket(list, (t) => t.id === 1)).toEqual([]);
  });
});
