import { describe, expect, it } from "vitest";
import { applyTicketEvent } from "./board-live.ts";
import { cardOf } from "./test-data.ts";

const window = { startDate: "2026-03-02T03:00:00.000Z", endDate: "2026-03-03T03:00:00.000Z" };
const at = (iso: string) => ({ updatedAt: iso });
const board = () => ({ tickets: [cardOf(2, "B", at("2026-03-02T15:00:00.000Z")), cardOf(1, "A", at("2026-03-02T12:00:00.000Z"))], hasMore: false });

describe("applyTicketEvent", () => {
  it("puts a live ticket of the window in newest-first order, replacing its old version", () => {
    const b = board();
    expect(applyTicketEvent(b, { action: "update", ticket: cardOf(1, "A", at("2026-03-02T16:00:00.000Z")) }, window)).toBe(true);
    expect(b.tickets.map((t) => t.id)).toEqual([1, 2]);
    applyTicketEvent(b, { action: "create", ticket: cardOf(3, "C", at("2026-03-02T13:00:00.000Z")) }, window);
    expect(b.tickets.map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it("takes out a ticket that closed, left the window or was deleted", () => {
    const b = board();
    applyTicketEvent(b, { action: "update", ticket: cardOf(1, "A", { ...at("2026-03-02T16:00:00.000Z"), status: "closed" }) }, window);
    expect(b.tickets.map((t) => t.id)).toEqual([2]);
    applyTicketEvent(b, { action: "update", ticket: cardOf(2, "B", at("2026-03-03T04:00:00.000Z")) }, window);
    expect(b.tickets).toEqual([]);
    const c = board();
    applyTicketEvent(c, { action: "delete", ticketId: 2 }, window);
    expect(c.tickets.map((t) => t.id)).toEqual([1]);
  });

  it("clears the unread count of a ticket an attendant read", () => {
    const b = { tickets: [cardOf(1, "A", { unreadMessages: 3 })], hasMore: false };
    expect(applyTicketEvent(b, { action: "updateUnread", ticketId: 1 }, window)).toBe(true);
    expect(b.tickets[0]!.unreadMessages).toBe(0);
  });

  it("answers false for what it cannot read", () => {
    const b = board();
    expect(applyTicketEvent(b, { action: "update" }, window)).toBe(false);
    expect(applyTicketEvent(b, { action: "reload" }, window)).toBe(false);
    expect(b.tickets).toHaveLength(2);
  });
});
