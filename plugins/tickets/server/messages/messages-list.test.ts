import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { conversation, type Conversation, receive, recordEmits, sendText } from "./messages.fixtures.ts";

let c: Conversation;
beforeEach(async () => {
  c = await conversation();
});
afterEach(() => c.t.close());

const list = (query = "", token = c.a.token, uuid = c.ticket.uuid) => c.t.call("GET", `/messages/${uuid}${query}`, { token });

/** 24 more inbound messages one second apart (25 in all with the first "oi"). */
async function fill() {
  for (let i = 2; i <= 25; i += 1)
    await receive(c.t, {
      companyId: c.a.company.id,
      whatsappId: c.connection.id,
      providerId: `in-${i}`,
      from: { number: "5511987654321" },
      body: `m${i}`,
      timestamp: Date.UTC(2030, 0, 1, 0, 0, i),
    });
  await c.t.kernel.db.update(messages).set({ createdAt: "2029-12-31T00:00:00.000Z" }).where(eq(messages.providerId, "in-1"));
}

describe("list: happy", () => {
  it("pages 20 messages, newest page first, each page in ascending order", async () => {
    await fill();
    const first = await list();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Nothing is counted: the page reads one row past its end, so count is what is known so far.
    expect(first.body).toMatchObject({ count: 21, hasMore: true, ticket: { id: c.ticket.id, uuid: c.ticket.uuid } });
    expect(first.body.messages.map((m: any) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    const second = await list("?pageNumber=2");
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.messages.map((m: any) => m.body)).toEqual(["oi", "m2", "m3", "m4", "m5"]);
  });

  it("answers MessageViews with the contact (no number) and the quoted message", async () => {
    await sendText(c, { body: "resposta", quotedMsg: c.inbound.id });
    const res = await list();
    const [inbound, reply] = res.body.messages;
    expect(inbound).toMatchObject({ fromMe: false, contact: { id: c.contactId, name: "Ana Souza", urlPicture: "" }, quotedMsg: null });
    expect(inbound.contact.number).toBeUndefined();
    expect(reply).toMatchObject({ fromMe: true, contact: null, quotedMsg: { id: c.inbound.id, body: "oi" } });
  });

  it("opening marks the ticket read and announces updateUnread", async () => {
    await c.t.kernel.db.update(tickets).set({ unreadMessages: 4 }).where(eq(tickets.id, c.ticket.id));
    const events = recordEmits(c.t);
    await list();
    const [row] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(row!.unreadMessages).toBe(0);
    const topic = `company-${c.a.company.id}-ticket`;
    expect(events.filter((e) => e.event === topic).map((e) => e.payload.action)).toEqual(["update", "updateUnread"]);
    expect(events.find((e) => e.payload.action === "updateUnread")!.payload).toEqual({ action: "updateUnread", ticketId: c.ticket.id });
  });

  it("counts the company's sent messages in a period (GET /messages-allMe)", async () => {
    await sendText(c, { body: "a" });
    await sendText(c, { body: "b" });
    await sendText(c, { body: "privada", isPrivate: true });
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect((await c.t.call("GET", `/messages-allMe?fromMe=true&dateStart=${day}&dateEnd=${day}`, { token: c.a.token })).body).toEqual({ count: 2 });
    expect((await c.t.call("GET", `/messages-allMe?fromMe=false`, { token: c.a.token })).body).toEqual({ count: 1 });
    expect((await c.t.call("GET", "/messages-allMe?fromMe=true&dateStart=2000-01-01&dateEnd=2000-01-02", { token: c.a.token })).body).toEqual({ count: 0 });
    expect((await c.t.call("GET", "/messages-allMe?dateStart=ontem", { token: c.a.token })).status).toBe(400);
  });
});

describe("list: security", () => {
  it("a plain user who may not open the ticket gets ERR_NO_PERMISSION", async () => {
    const plain = await createUser(c.t, c.a.company.id);
    const res = await list("", plain.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect((await sendText(c, { body: "x" }, plain.token)).status).toBe(403);
  });

  it("another company's ticket and messages are not found", async () => {
    const beta = await createCompanyWithAdmin(c.t, "Beta");
    expect((await list("", beta.token)).status).toBe(404);
    expect((await sendText(c, { body: "x" }, beta.token)).body.error).toBe("ERR_NO_TICKET_FOUND");
    const mine = await sendText(c, { body: "meu" });
    expect((await c.t.call("POST", `/messages/edit/${mine.body.id}`, { token: beta.token, body: { body: "hack" } })).status).toBe(404);
    expect((await c.t.call("DELETE", `/messages/${mine.body.id}`, { token: beta.token })).status).toBe(404);
    expect((await c.t.call("POST", "/message/forward", { token: beta.token, body: { messageId: mine.body.id, contactId: c.contactId } })).status).toBe(404);
    expect((await c.t.call("GET", "/messages-allMe?fromMe=true", { token: beta.token })).body).toEqual({ count: 0 });
    const [row] = await c.t.kernel.db.select().from(messages).where(eq(messages.id, mine.body.id));
    expect(row).toMatchObject({ body: "meu", isDeleted: false });
  });

  it("garbage query parameters are validation errors", async () => {
    expect((await list("?pageNumber=0")).status).toBe(400);
    expect((await list("?selectedQueues=not-json")).body).toMatchObject({ error: "ERR_VALIDATION", fields: { selectedQueues: "Invalid JSON array" } });
  });
});

describe("events", () => {
  it("a sent message emits ticket update and appMessage create (MessageView + TicketView) to the ticket's rooms", async () => {
    const events = recordEmits(c.t);
    const bus: any[] = [];
    c.t.kernel.bus.on("tickets.message.created", (p) => void bus.push(p));
    const res = await sendText(c, { body: "ao vivo" });
    const app = events.filter((e) => e.event === `company-${c.a.company.id}-appMessage`);
    expect(app).toHaveLength(1);
    expect(app[0]!.payload).toMatchObject({
      action: "create",
      message: { id: res.body.id, body: "ao vivo", fromMe: true, ack: 0 },
      ticket: { id: c.ticket.id, lastMessage: "ao vivo", contact: { number: "5511987654321" } },
    });
    expect(app[0]!.room).toContain(`ticket-${c.ticket.uuid}`);
    expect(events.some((e) => e.event === `company-${c.a.company.id}-ticket` && e.payload.action === "update")).toBe(true);
    expect(bus).toEqual([
      {
        companyId: c.a.company.id,
        whatsappId: c.connection.id,
        message: expect.objectContaining({ id: res.body.id }),
        ticket: expect.objectContaining({ id: c.ticket.id, tags: [] }),
      },
    ]);
    // delivery: appMessage update with the new ack
    await c.t.kernel.jobs.runDue();
    const update = events.filter((e) => e.event === `company-${c.a.company.id}-appMessage` && e.payload.action === "update");
    expect(update.at(-1)!.payload.message).toMatchObject({ id: res.body.id, ack: 1 });
  });

  it("with lgpdHideNumber the masked rooms get the masked ticket and are excluded from the full one", async () => {
    await c.t.kernel.settings.setCompany(c.a.company.id, "lgpdHideNumber", "enabled");
    const events = recordEmits(c.t);
    await sendText(c, { body: "lgpd" });
    const app = events.filter((e) => e.event === `company-${c.a.company.id}-appMessage`);
    const full = app.find((e) => e.payload.ticket.contact.number === "5511987654321")!;
    const masked = app.find((e) => e.payload.ticket.contact.number !== "5511987654321")!;
    expect(masked.payload.ticket.contact.number).toContain("*");
    expect(full.except).toEqual(masked.room);
  });

  it("private messages reach the rooms but not the bus", async () => {
    const bus: any[] = [];
    c.t.kernel.bus.on("tickets.message.created", (p) => void bus.push(p));
    const events = recordEmits(c.t);
    await sendText(c, { body: "interna", isPrivate: true });
    expect(events.filter((e) => e.event.endsWith("-appMessage"))).toHaveLength(1);
    expect(bus).toHaveLength(0);
  });

  it("inbound messages reach the bus too", async () => {
    const bus: any[] = [];
    c.t.kernel.bus.on("tickets.message.created", (p) => void bus.push(p));
    await receive(c.t, { companyId: c.a.company.id, whatsappId: c.connection.id, providerId: "in-x", from: { number: "5511987654321" }, body: "de novo" });
    expect(bus).toEqual([expect.objectContaining({ companyId: c.a.company.id, message: expect.objectContaining({ body: "de novo", fromMe: false }) })]);
  });
});
