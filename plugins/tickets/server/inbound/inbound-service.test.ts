import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { createConnection, rowsOfCompany, ticketsKernel } from "../testing/tickets.fixtures.ts";
import "../../../channels/inbound.contract.ts";

let t: TestKernel;
let admin: string;
let wa: { id: number; companyId: number };
let events: { event: string; payload: any }[];
beforeEach(async () => {
  t = await ticketsKernel();
  admin = (await t.login()).token;
  wa = await createConnection(t, admin, { channel: "whatsapp" });
  events = [];
  const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
  t.kernel.realtime.emit = (companyId, event, payload, room) => {
    events.push({ event, payload });
    emit(companyId, event, payload, room);
  };
});
afterEach(() => t.close());

const receive = () => t.kernel.services.require("tickets.receive");

describe("tickets.receive", () => {
  it("emits ticket update and appMessage create once the message is stored", async () => {
    const result = await receive()({ companyId: 1, whatsappId: wa.id, providerId: "p1", from: { number: "5511987654321", name: "Ana" }, body: "oi" });
    const mine = events.filter((e) => e.event.startsWith("company-1-ticket") || e.event.startsWith("company-1-appMessage"));
    expect(mine.map((e) => e.event)).toEqual(["company-1-ticket", "company-1-appMessage"]);
    expect(mine[0]!.payload).toMatchObject({ action: "update", ticket: { id: result.ticket.id, unreadMessages: 1, status: "pending" } });
    // MessageView + TicketView (shared/ticket-types.ts AppMessageEvent)
    expect(mine[1]!.payload).toMatchObject({
      action: "create",
      message: { id: result.message.id, body: "oi", fromMe: false, ack: 0, contact: { id: result.contact.id, name: "Ana" } },
      ticket: { uuid: result.ticket.uuid },
    });
    // the message's contact carries no number (masked viewers get the number only through the masked ticket)
    expect(mine[1]!.payload.message.contact.number).toBeUndefined();
  });

  it("a duplicate providerId emits nothing and changes nothing", async () => {
    const input = { companyId: 1, whatsappId: wa.id, providerId: "p1", from: { number: "5511987654321" }, body: "oi" };
    const first = await receive()(input);
    events.length = 0;
    const again = await receive()(input);
    expect(again).toMatchObject({ duplicate: true, message: { id: first.message.id }, ticket: { id: first.ticket.id } });
    expect(events.filter((e) => /ticket|appMessage/.test(e.event))).toHaveLength(0);
  });

  it("messages sent from the phone (fromMe) update lastMessage but are not unread", async () => {
    await receive()({ companyId: 1, whatsappId: wa.id, providerId: "in", from: { number: "5511987654321" }, body: "pergunta" });
    const out = await receive()({
      companyId: 1,
      whatsappId: wa.id,
      providerId: "out",
      from: { number: "5511987654321" },
      body: "resposta",
      fromMe: true,
      timestamp: Date.UTC(2026, 0, 2),
    });
    expect(out.ticket).toMatchObject({ unreadMessages: 1, lastMessage: "resposta" });
    expect(out.message).toMatchObject({ fromMe: true, createdAt: "2026-01-02T00:00:00.000Z" });
  });

  it("the same number on two connections has one live ticket per connection", async () => {
    const other = await createConnection(t, admin, { channel: "whatsapp" });
    const a = await receive()({ companyId: 1, whatsappId: wa.id, providerId: "1", from: { number: "5511987654321" }, body: "a" });
    const b = await receive()({ companyId: 1, whatsappId: other.id, providerId: "1", from: { number: "5511987654321" }, body: "b" });
    expect(b.contact.id).toBe(a.contact.id);
    expect(b.ticket.id).not.toBe(a.ticket.id);
    expect(b.duplicate).toBe(false);
  });

  it("a group message makes a group contact and an isGroup ticket", async () => {
    const g = await receive()({ companyId: 1, whatsappId: wa.id, providerId: "g", from: { number: "120363025246125486@g.us", name: "Equipe", isGroup: true }, body: "oi grupo" });
    expect(g.contact.isGroup).toBe(true);
    expect(g.ticket).toMatchObject({ isGroup: true, status: "pending" });
  });

  it("another company's connection is refused and nothing is written", async () => {
    const beta = await createCompanyWithAdmin(t, "Beta");
    await expect(receive()({ companyId: beta.company.id, whatsappId: wa.id, providerId: "x", from: { number: "5511987654321" }, body: "oi" })).rejects.toMatchObject({
      code: "ERR_NO_WAPP_FOUND",
    });
    expect((await rowsOfCompany(t, beta.company.id)).tickets).toHaveLength(0);
    expect((await rowsOfCompany(t, 1)).tickets).toHaveLength(0);
  });

  it("refuses a message with neither body nor media", async () => {
    await expect(receive()({ companyId: 1, whatsappId: wa.id, providerId: "x", from: { number: "5511987654321" } })).rejects.toMatchObject({ code: "ERR_VALIDATION" });
  });

  it("the live-ticket index refuses a second live ticket whatever the code does", async () => {
    const { tickets } = await import("../../schema/tables.ts");
    const r = await receive()({ companyId: 1, whatsappId: wa.id, providerId: "1", from: { number: "5511987654321" }, body: "a" });
    const insert = () => t.kernel.db.insert(tickets).values({ companyId: 1, contactId: r.contact.id, whatsappId: wa.id, status: "open" });
    await expect(insert()).rejects.toThrow();
    await t.kernel.db.update(tickets).set({ status: "closed" });
    await expect(insert()).resolves.toBeDefined();
  });
});
