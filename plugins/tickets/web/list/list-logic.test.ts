import { describe, expect, it } from "vitest";
import { apiTicket } from "../test-tickets.ts";
import { buildListQuery, emptyFilters, ticketMatches, type ListFilters } from "./list-filters.ts";
import { emptyList, ticketListReducer, type TicketListState } from "./ticket-list-reducer.ts";
import { cut, listTime, ratingEmoji } from "./ticket-format.ts";

const f = (over: Partial<ListFilters> = {}): ListFilters => ({ ...emptyFilters, ...over });

describe("buildListQuery", () => {
  it("sends arrays as JSON and booleans as strings", () => {
    const q = buildListQuery("pending", f({ queueIds: [1, 2], tagIds: [4, 5], whatsappIds: [3], userIds: [9], statuses: ["open"], sort: "ASC", showAll: true }), 2, false);
    expect(q).toEqual({
      pageNumber: 2,
      status: "pending",
      showAll: "true",
      queueIds: "[1,2]",
      tags: "[4,5]",
      whatsapps: "[3]",
      users: "[9]",
      statusFilter: '["open"]',
      sortTickets: "ASC",
    });
  });

  it("leaves empty filters out, and sends searchOnMessages only with a search", () => {
    expect(buildListQuery("open", f({ searchOnMessages: true }), 1, false)).toEqual({ pageNumber: 1, status: "open", showAll: "false", sortTickets: "DESC" });
    expect(buildListQuery("open", f({ search: " ana ", searchOnMessages: true }), 1, false)).toMatchObject({ searchParam: "ana", searchOnMessages: "true" });
  });

  it("closed and search have no sort; admins always search with show-all", () => {
    expect(buildListQuery("closed", f({ sort: "ASC" }), 1, true).sortTickets).toBeUndefined();
    expect(buildListQuery("search", f(), 1, true).showAll).toBe("true");
    expect(buildListQuery("search", f(), 1, false).showAll).toBe("false");
  });
});

describe("ticketMatches", () => {
  const t = apiTicket(1, "João Pereira", { status: "pending", userId: null, queueId: 2, tags: [{ id: 4, name: "VIP", color: "" }] });
  it("checks the tab's status (search takes any)", () => {
    expect(ticketMatches(t, "pending", f(), 7)).toBe(true);
    expect(ticketMatches(t, "open", f({ showAll: true }), 7)).toBe(false);
    expect(ticketMatches(t, "search", f(), 7)).toBe(true);
  });
  it("open without show-all only keeps my tickets", () => {
    const mine = { ...t, status: "open" as const, userId: 7 };
    expect(ticketMatches(mine, "open", f(), 7)).toBe(true);
    expect(ticketMatches({ ...mine, userId: 8 }, "open", f(), 7)).toBe(false);
    expect(ticketMatches({ ...mine, userId: 8 }, "open", f({ showAll: true }), 7)).toBe(true);
  });
  it("applies queues (0 = no queue), tags, and an accent-insensitive search", () => {
    expect(ticketMatches(t, "pending", f({ queueIds: [1] }), 7)).toBe(false);
    expect(ticketMatches({ ...t, queueId: null }, "pending", f({ queueIds: [3] }), 7)).toBe(true);
    expect(ticketMatches(t, "pending", f({ tagIds: [5] }), 7)).toBe(false);
    expect(ticketMatches(t, "pending", f({ search: "joao" }), 7)).toBe(true);
    expect(ticketMatches(t, "pending", f({ search: "maria" }), 7)).toBe(false);
  });
});

describe("ticketListReducer", () => {
  const loaded: TicketListState = { tickets: [apiTicket(1, "A"), apiTicket(2, "B")], count: 5, hasMore: true };
  it("page 1 replaces, later pages append without duplicates", () => {
    const s1 = ticketListReducer(emptyList, { type: "page", pageNumber: 1, page: { tickets: loaded.tickets, count: 5, hasMore: true } });
    const s2 = ticketListReducer(s1, { type: "page", pageNumber: 2, page: { tickets: [apiTicket(2, "B2"), apiTicket(3, "C")], count: 5, hasMore: false } });
    expect(s2.tickets.map((x) => x.contact.name)).toEqual(["A", "B2", "C"]);
    expect(s2.hasMore).toBe(false);
  });
  it("update: replaces in place, inserts on top, drops a non-matching one", () => {
    const up = ticketListReducer(loaded, { type: "update", ticket: apiTicket(2, "B!"), matches: true, sort: "DESC" });
    expect(up.tickets.map((x) => x.contact.name)).toEqual(["A", "B!"]);
    const ins = ticketListReducer(loaded, { type: "update", ticket: apiTicket(9, "N"), matches: true, sort: "DESC" });
    expect(ins.tickets[0]!.id).toBe(9);
    expect(ins.count).toBe(6);
    const out = ticketListReducer(loaded, { type: "update", ticket: apiTicket(1, "A"), matches: false, sort: "DESC" });
    expect(out.tickets.map((x) => x.id)).toEqual([2]);
    expect(out.count).toBe(4);
  });
  it("message: moves the ticket to the top (DESC) or counts it past the loaded pages (ASC)", () => {
    const moved = ticketListReducer(loaded, { type: "message", ticket: { ...apiTicket(2, "B"), unreadMessages: 3 }, matches: true, sort: "DESC" });
    expect(moved.tickets.map((x) => x.id)).toEqual([2, 1]);
    expect(moved.tickets[0]!.unreadMessages).toBe(3);
    expect(moved.count).toBe(5);
    const asc = ticketListReducer(loaded, { type: "message", ticket: apiTicket(9, "N"), matches: true, sort: "ASC" });
    expect(asc.tickets.map((x) => x.id)).toEqual([1, 2]);
    expect(asc.count).toBe(6);
  });
  it("completes an event's partial ticket from the listed copy, and skips an unknown partial one", () => {
    const partial = { id: 2, lastMessage: "novo", unreadMessages: 1, contact: undefined, tags: undefined } as unknown as ReturnType<typeof apiTicket>;
    const moved = ticketListReducer(loaded, { type: "message", ticket: partial, matches: true, sort: "DESC" });
    expect(moved.tickets[0]).toMatchObject({ id: 2, lastMessage: "novo", contact: { name: "B" } });
    const unknown = { ...partial, id: 77 };
    expect(ticketListReducer(loaded, { type: "message", ticket: unknown, matches: true, sort: "DESC" })).toBe(loaded);
  });
  it("unread zeroes, remove drops", () => {
    const withUnread = { ...loaded, tickets: [{ ...apiTicket(1, "A"), unreadMessages: 4 }] };
    expect(ticketListReducer(withUnread, { type: "unread", ticketId: 1 }).tickets[0]!.unreadMessages).toBe(0);
    expect(ticketListReducer(loaded, { type: "remove", ticketId: 1 }).count).toBe(4);
    expect(ticketListReducer(loaded, { type: "remove", ticketId: 42 })).toBe(loaded);
  });
});

describe("list item formats", () => {
  it("cuts names at 60 and messages at 40", () => {
    expect(cut("a".repeat(61), 60)).toBe(`${"a".repeat(60)}...`);
    expect(cut("a".repeat(40), 40)).toBe("a".repeat(40));
    expect(cut(null, 40)).toBe("");
  });
  it("shows HH:mm today, else DD/MM/YYYY", () => {
    const now = new Date(2026, 2, 10, 15, 0);
    expect(listTime(new Date(2026, 2, 10, 9, 5).toISOString(), now)).toBe("09:05");
    expect(listTime(new Date(2026, 2, 9, 9, 5).toISOString(), now)).toBe("09/03/2026");
    expect(listTime(null, now)).toBe("");
  });
  it("rating emoji only for 1..5", () => {
    expect(ratingEmoji(1)).toBeTruthy();
    expect(ratingEmoji(5)).toBeTruthy();
    expect(ratingEmoji(0)).toBeNull();
    expect(ratingEmoji(6)).toBeNull();
    expect(ratingEmoji(null)).toBeNull();
  });
});
