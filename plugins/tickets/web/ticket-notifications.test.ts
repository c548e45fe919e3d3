import { describe, expect, it } from "vitest";
import { readVolume } from "./notification-sound.ts";
import { shouldNotify } from "./ticket-notifications.ts";
import { apiMessage, apiTicket } from "./test-tickets.ts";
import { testUser } from "../../../web/src/test/fixtures.ts";

describe("notification volume", () => {
  const store = (value: string | null) => ({ getItem: () => value });
  it("reads 0..1 in 0.1 steps, 1 by default", () => {
    expect(readVolume(store(null))).toBe(1);
    expect(readVolume(store("0.3"))).toBe(0.3);
    expect(readVolume(store("0.34"))).toBe(0.3);
    expect(readVolume(store("7"))).toBe(1);
    expect(readVolume(store("-1"))).toBe(0);
    expect(readVolume(store("abc"))).toBe(1);
  });
});

describe("who is notified", () => {
  const me = testUser({ id: 7, profile: "user", queues: [{ id: 1, name: "Vendas" }] });
  const event = (ticketOver = {}, messageOver = {}) => ({
    action: "create" as const,
    ticket: apiTicket(5, "Rui", { status: "pending", userId: null, ...ticketOver }),
    message: apiMessage(1, 5, messageOver),
  });
  it("inbound messages of my queues, mine or unassigned, that I am not looking at", () => {
    expect(shouldNotify(event(), me, null, true)).toBe(true);
    expect(shouldNotify(event({ userId: 7, status: "open" }), me, null, true)).toBe(true);
    expect(shouldNotify(event({ userId: 8, status: "open" }), me, null, true)).toBe(false);
    expect(shouldNotify(event({ queueId: 2 }), me, null, true)).toBe(false);
    expect(shouldNotify(event({}, { fromMe: true }), me, null, true)).toBe(false);
    expect(shouldNotify(event(), me, "uuid-5", true)).toBe(false);
    expect(shouldNotify(event(), me, "uuid-5", false)).toBe(true);
  });
  it("tickets without queue only for allTicket users", () => {
    expect(shouldNotify(event({ queueId: null }), me, null, true)).toBe(false);
    expect(shouldNotify(event({ queueId: null }), { ...me, allTicket: "enable" }, null, true)).toBe(true);
  });
});
