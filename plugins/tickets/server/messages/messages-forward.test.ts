import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { ticketLogs, tickets } from "../../schema/tables.ts";
import { conversation, type Conversation, file, messagesOfTicket, receive, sendText } from "./messages.fixtures.ts";

let c: Conversation;
beforeEach(async () => {
  c = await conversation();
});
afterEach(() => c.t.close());

const forward = (body: unknown, token = c.a.token) => c.t.call("POST", "/message/forward", { token, body });
async function otherContact(number = "5521912345678") {
  const res = await c.t.call("POST", "/contacts", { token: c.a.token, body: { name: "Bruno Lima", number } });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body as { id: number };
}

describe("forward: happy", () => {
  it("creates an open ticket for the contact on the same connection and copies the text", async () => {
    const bruno = await otherContact();
    const res = await forward({ messageId: c.inbound.id, contactId: bruno.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ body: "oi", isForwarded: true, fromMe: true, ack: 0 });
    const [ticket] = await c.t.kernel.db.select().from(tickets).where(eq(tickets.id, res.body.ticketId));
    expect(ticket).toMatchObject({ contactId: bruno.id, whatsappId: c.connection.id, status: "open", userId: c.a.user.id });
    expect(
      await c.t.kernel.db
        .select()
        .from(ticketLogs)
        .where(and(eq(ticketLogs.ticketId, ticket!.id), eq(ticketLogs.type, "create"))),
    ).toHaveLength(1);
    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends[0]!.to.number).toBe("5521912345678");
  });

  it("uses the contact's live ticket when there is one, and reuses the stored file", async () => {
    const form = new FormData();
    form.append("medias", file("a.png", "image/png", 10));
    const media = (await c.t.call("POST", `/messages/${c.ticket.id}`, { token: c.a.token, body: form })).body[0];
    const bruno = await otherContact();
    const first = await forward({ messageId: media.id, contactId: bruno.id, signMessage: true });
    const second = await forward({ messageId: c.inbound.id, contactId: bruno.id });
    expect(second.body.ticketId).toBe(first.body.ticketId);
    expect(first.body).toMatchObject({ mediaType: "image", mediaUrl: media.mediaUrl, isForwarded: true });
    expect(await messagesOfTicket(c.t, c.a.company.id, first.body.ticketId)).toHaveLength(2);
  });
});

describe("forward: errors", () => {
  it("unknown message, unknown contact, deleted or private messages are refused", async () => {
    const bruno = await otherContact();
    expect((await forward({ messageId: 99999, contactId: bruno.id })).status).toBe(404);
    expect((await forward({ messageId: c.inbound.id, contactId: 99999 })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await forward({ contactId: bruno.id })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { messageId: "Required" } });
    const secret = await sendText(c, { body: "nota", isPrivate: true });
    expect((await forward({ messageId: secret.body.id, contactId: bruno.id })).status).toBe(400);
  });

  it("another company's contact is not found and nothing is created", async () => {
    const beta = await createCompanyWithAdmin(c.t, "Beta");
    const theirs = await c.t.call("POST", "/contacts", { token: beta.token, body: { name: "Beta contato", number: "5531999998888" } });
    expect((await forward({ messageId: c.inbound.id, contactId: theirs.body.id })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect(await c.t.kernel.db.select().from(tickets).where(eq(tickets.contactId, theirs.body.id))).toHaveLength(0);
  });
});

describe("interactive messages", () => {
  const post = (kind: string, body: unknown, ticketId: number | string = c.ticket.id) => c.t.call("POST", `/messages/${kind}/${ticketId}`, { token: c.a.token, body });

  it("list: stored as listMessage with its sections and delivered as interactive", async () => {
    const res = await post("lista", {
      title: "Cardápio",
      text: "Escolha",
      buttonText: "Ver opções",
      sections: [{ title: "Pizzas", rows: [{ title: "Calabresa", description: "Grande" }] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ mediaType: "listMessage", body: "Cardápio\nEscolha" });
    expect(JSON.parse(res.body.dataJson)).toMatchObject({ kind: "list", buttonText: "Ver opções", sections: [{ rows: [{ title: "Calabresa" }] }] });
    await c.t.kernel.jobs.runDue();
    expect(c.driver.sends[0]!.message).toMatchObject({ kind: "interactive", mediaType: "listMessage", data: { kind: "list" } });
  });

  it("list: needs a title, a button text and rows with titles", async () => {
    const res = await post("lista", { title: "", buttonText: "", sections: [{ rows: [] }] });
    expect(res.body.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(["title", "buttonText", "sections.0.rows"]));
  });

  it("copy, call and URL buttons", async () => {
    const copy = await post("copy", { title: "Cupom", text: "Use no site", copyText: "PROMO10" });
    expect(JSON.parse(copy.body.dataJson).buttons).toEqual([{ type: "cta_copy", text: "Copiar", copyText: "PROMO10" }]);
    const call = await post("call", { text: "Fale conosco", copyText: "+55 (11) 4000-1234" });
    expect(JSON.parse(call.body.dataJson).buttons[0]).toMatchObject({ type: "cta_call", phoneNumber: "+551140001234" });
    const url = await post("URL", { copyText: "https://example.com/pedido" });
    expect(url.body).toMatchObject({ mediaType: "interactiveMessage" });
    // empty fields fall back to default texts
    expect(JSON.parse(url.body.dataJson)).toMatchObject({
      kind: "url",
      text: "Acesse o link abaixo",
      buttons: [{ type: "cta_url", text: "Abrir link", url: "https://example.com/pedido" }],
    });
    expect((await post("URL", { copyText: "javascript:alert(1)" })).body.fields.copyText).toBe("Invalid URL");
    expect((await post("call", { copyText: "abc" })).body.fields.copyText).toBe("Invalid number");
    expect((await post("copy", {})).body.fields.copyText).toBe("Required");
  });

  it("PIX: amounts in cents shown in BRL, PHONE keys get +55, bad keys are refused", async () => {
    const res = await post("PIX", { title: "Pedido 12", sendvalue: 123456, sendkey_type: "PHONE", sendmerchant_name: "Loja", sendKey: "11987654321" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.body).toContain("PIX: R$ 1.234,56");
    expect(JSON.parse(res.body.dataJson).pix).toEqual({ amount: 123456, currency: "BRL", keyType: "PHONE", key: "+5511987654321", merchantName: "Loja" });
    const withCountry = await post("PIX", { sendvalue: 100, sendkey_type: "PHONE", sendmerchant_name: "Loja", sendKey: "+5511987654321" });
    expect(JSON.parse(withCountry.body.dataJson).pix.key).toBe("+5511987654321");
    expect((await post("PIX", { sendvalue: 100, sendkey_type: "CPF", sendmerchant_name: "Loja", sendKey: "123" })).body.fields).toEqual({ sendKey: "Invalid key" });
    expect((await post("PIX", { sendvalue: 100, sendkey_type: "EMAIL", sendmerchant_name: "Loja", sendKey: "x@" })).body.fields).toEqual({ sendKey: "Invalid key" });
    expect((await post("PIX", { sendvalue: -1, sendkey_type: "OTHER", sendmerchant_name: "", sendKey: "" })).body.fields).toMatchObject({
      sendvalue: expect.any(String),
      sendkey_type: expect.any(String),
    });
  });

  it("a non-numeric ticket id is 'invalid ticket ID'; a closed ticket refuses buttons", async () => {
    expect((await post("copy", { copyText: "x" }, "abc")).body.fields.ticketId).toBe("invalid ticket ID");
    await c.t.kernel.db.update(tickets).set({ status: "closed" }).where(eq(tickets.id, c.ticket.id));
    expect((await post("copy", { copyText: "x" })).body.error).toBe("ERR_SENDING_WAPP_MSG");
  });

  it("inbound structured kinds: reactions, locations, replies and group participants", async () => {
    const reaction = await receive(c.t, {
      companyId: c.a.company.id,
      whatsappId: c.connection.id,
      providerId: "r1",
      from: { number: "5511987654321" },
      body: "👍",
      mediaType: "reactionMessage",
      quotedProviderId: "in-1",
    });
    expect(reaction.message).toMatchObject({ mediaType: "reactionMessage", body: "👍", quotedMsgId: c.inbound.id });
    // a reaction is neither unread nor the last message
    expect(reaction.ticket).toMatchObject({ lastMessage: "oi" });
    const location = await receive(c.t, {
      companyId: c.a.company.id,
      whatsappId: c.connection.id,
      providerId: "l1",
      from: { number: "5511987654321" },
      mediaType: "locationMessage",
      data: { lat: -23.5, lng: -46.6 },
      participant: "5511911112222",
    });
    expect(location.message).toMatchObject({ mediaType: "locationMessage", dataJson: JSON.stringify({ lat: -23.5, lng: -46.6 }), participant: "5511911112222" });
  });
});
