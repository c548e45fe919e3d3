import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { apiConversation } from "../../../tests/support/api-conversation.ts";
import { deliveredMessages, mediaForm, messagesApiWorld, type MessagesApiWorld, rowsOfCompany, sendApi } from "./messages-api.fixtures.ts";

/** POST /api/messages/send, happy paths: through the real server to the API channel's webhook. */
let w: MessagesApiWorld;
beforeEach(async () => {
  w = await messagesApiWorld();
});
afterEach(() => w.close());

describe("public messages API: sending", () => {
  it("a text: 202 queued, stored on the contact's ticket, delivered once to the connection's webhook", async () => {
    const res = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "Seu pedido saiu para entrega" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ messageId: expect.any(Number), ticketId: expect.any(Number), status: "queued", messageIds: [res.body.messageId] });
    const rows = await rowsOfCompany(w.t, w.api.companyId);
    expect(rows.messages).toMatchObject([{ id: res.body.messageId, ticketId: res.body.ticketId, body: "Seu pedido saiu para entrega", fromMe: true }]);
    // No userId/queueId: the conversation is kept as history (closed), the customer's reply opens a new one.
    expect(rows.tickets).toMatchObject([{ id: res.body.ticketId, status: "closed", whatsappId: w.api.id, userId: null }]);

    const hooks = await deliveredMessages(w);
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ message: { id: res.body.messageId, body: "Seu pedido saiu para entrega", fromMe: true }, contact: { number: "5511987654321" } });
    expect(await deliveredMessages(w)).toHaveLength(1);
  });

  it("goes through the connection's delivery lane (tickets.deliver in connection:{id}, the lane pacing applies to)", async () => {
    const res = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "oi" });
    const jobs = await w.t.kernel.database.client.execute("SELECT kind, lane FROM jobs WHERE kind = 'tickets.deliver'");
    expect(jobs.rows.map((r) => [r.kind, r.lane])).toEqual([["tickets.deliver", `tickets.deliver:connection:${w.api.id}`]]);
    expect(res.status).toBe(202);
  });

  it("the same contact again: one contact, and an existing live ticket is used as it is", async () => {
    const first = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "um", userId: w.admin.user.id });
    const second = await sendApi(w.t, w.api.token, { number: 5511987654321, body: "dois" });
    expect(second.body.ticketId).toBe(first.body.ticketId);
    const contacts = await w.t.kernel.database.client.execute({ sql: "SELECT id FROM contacts WHERE company_id = ?", args: [w.api.companyId] });
    expect(contacts.rows).toHaveLength(1);
    expect(await deliveredMessages(w)).toHaveLength(2);
  });

  it("userId and queueId open the new ticket with them; sendSignature signs with the user's name", async () => {
    const queue = await w.t.call("POST", "/queue", { token: w.admin.token, body: { name: "Vendas", color: "#00ff00" } });
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    await w.t.call("PUT", "/settings/sendSignMessage", { token: w.admin.token, body: { value: "enabled" } });
    const res = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "Olá", userId: String(w.admin.user.id), queueId: queue.body.id, sendSignature: "true" });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const rows = await rowsOfCompany(w.t, w.api.companyId);
    expect(rows.tickets).toMatchObject([{ id: res.body.ticketId, status: "open", userId: w.admin.user.id, queueId: queue.body.id }]);
    const [hook] = await deliveredMessages(w);
    expect(hook!.message.body).toContain(w.admin.user.name);
    expect(hook!.message.body).toContain("Olá");
  });

  it("closeTicket: the message goes out and the ticket ends closed (a live ticket too)", async () => {
    const open = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "abrindo", userId: w.admin.user.id });
    expect((await rowsOfCompany(w.t, w.api.companyId)).tickets[0]).toMatchObject({ status: "open" });
    const res = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "encerrando", closeTicket: true });
    expect(res.status).toBe(202);
    expect(res.body.ticketId).toBe(open.body.ticketId);
    expect((await rowsOfCompany(w.t, w.api.companyId)).tickets).toMatchObject([{ id: open.body.ticketId, status: "closed" }]);
    const fresh = await sendApi(w.t, w.api.token, { number: "5511900000001", body: "só aviso", userId: w.admin.user.id, closeTicket: "true" });
    expect((await rowsOfCompany(w.t, w.api.companyId)).tickets.find((t) => t.id === fresh.body.ticketId)).toMatchObject({ status: "closed", userId: w.admin.user.id });
    expect((await deliveredMessages(w)).map((h) => h.message.body)).toEqual(["abrindo", "encerrando", "só aviso"]);
  });

  it("multipart with two medias: one message per file, the body with the first, on one ticket; files stored under the company", async () => {
    const form = mediaForm({ number: "5511987654321", body: "Segue o boleto" }, [
      new File(["%PDF-1.4 boleto"], "boleto.pdf", { type: "application/pdf" }),
      new File(["png"], "foto.png", { type: "image/png" }),
    ]);
    const res = await sendApi(w.t, w.api.token, form);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.messageIds).toHaveLength(2);
    const rows = await rowsOfCompany(w.t, w.api.companyId);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.messages.map((m) => [m.body, m.ticketId])).toEqual([
      ["Segue o boleto", res.body.ticketId],
      ["", res.body.ticketId],
    ]);
    expect(rows.messages.every((m) => String(m.mediaUrl).startsWith(`/public/company${w.api.companyId}/`))).toBe(true);
    const hooks = await deliveredMessages(w);
    expect(hooks.map((h) => [h.message.fileName, h.message.mimetype])).toEqual([
      ["boleto.pdf", "application/pdf"],
      ["foto.png", "image/png"],
    ]);
    // Served as a download, never as active content.
    const file = await w.t.call("GET", String(rows.messages[0]!.mediaUrl));
    expect(file.headers.get("content-disposition")).toBe("attachment");
  });

  it("announces the message in realtime like any other (company-{id}-appMessage create)", async () => {
    const seen: { event: string; payload: any }[] = [];
    const realtime = w.t.kernel.realtime as unknown as { emit: (...a: any[]) => unknown };
    const original = realtime.emit.bind(realtime);
    realtime.emit = (...args: any[]) => {
      seen.push({ event: String(args[1] ?? args[0]), payload: args[2] ?? args[1] });
      return original(...args);
    };
    const res = await sendApi(w.t, w.api.token, { number: "5511987654321", body: "ao vivo" });
    expect(seen.some((s) => s.event.endsWith("-appMessage") && s.payload?.action === "create" && s.payload?.message?.id === res.body.messageId)).toBe(true);
  });
});

describe("public messages API: ending an integration's conversation", () => {
  it("endIntegration hands a ticket an integration holds back to its queue's attendants, once the message is stored", async () => {
    const chat = await apiConversation(w.t, w.admin.token);
    try {
      const { ticketId } = await chat.says("Oi");
      const on = await w.t.call("PUT", `/tickets/${ticketId}`, { token: w.admin.token, body: { useIntegration: true } });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect((await chat.ticket(ticketId)).holder).toBe("integration");
      const number = (await w.t.call("GET", `/tickets/${ticketId}`, { token: w.admin.token })).body.contact.number as string;

      // A reply without the flag leaves the integration in charge.
      await sendApi(w.t, chat.api.token, { number, body: "Processando…" });
      expect((await chat.ticket(ticketId)).holder).toBe("integration");
      const res = await sendApi(w.t, chat.api.token, { number, body: "Um atendente vai falar com você", endIntegration: true });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body.ticketId).toBe(ticketId);
      expect((await chat.ticket(ticketId)).holder).toBeNull();
      const logs = await w.t.kernel.database.client.execute({ sql: "SELECT type FROM ticket_logs WHERE ticket_id = ? ORDER BY id", args: [ticketId] });
      expect(logs.rows.map((r) => r.type)).toContain("handBack");
      // Nobody holding it: the flag on another send changes nothing.
      expect((await sendApi(w.t, chat.api.token, { number, body: "ok", endIntegration: "true" })).status).toBe(202);
    } finally {
      await chat.close();
    }
  });
});
