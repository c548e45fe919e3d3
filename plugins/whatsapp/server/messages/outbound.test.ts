import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eventually, messageOf, rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { waMessageId } from "./message-id.ts";
import { fileOf, filesForm, jobsOfMessage, openConversation, runJobsNow, send } from "./outbound.fixtures.ts";
import { CUSTOMER_JID, CUSTOMER_LID, CUSTOMER_LID_JID, GROUP_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

let h: WaHarness;
let c: Awaited<ReturnType<typeof openConversation>>;
beforeEach(async () => {
  h = await waHarness();
  c = await openConversation(h);
});
afterEach(() => h.t.close());

const row = async (id: number) => (await rows(h.t, "messages", h.admin.companyId)).find((m) => m.id === id)!;

describe("outbound: happy", () => {
  it("a text goes to the contact's jid with a WhatsApp id derived from our provider id, recorded with ack 1", async () => {
    const res = await send(h, c.ticketId, { body: "Olá! Como posso ajudar?" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const messageId = await waMessageId(res.body.providerId);
    expect(messageId).toMatch(/^3EB0[0-9A-F]{18}$/);
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent).toEqual([{ jid: CUSTOMER_JID, content: { text: "Olá! Como posso ajudar?" }, options: { messageId } }]);
    expect(await row(res.body.id)).toMatchObject({ providerId: messageId, ack: 1 });

    // WhatsApp echoes our own message back (fromMe): still one message, and its acks find it.
    await h.deliver([waMessage(payloads.text("Olá! Como posso ajudar?"), { id: messageId, fromMe: true })], "append");
    expect((await rows(h.t, "messages", h.admin.companyId)).filter((m) => m.fromMe)).toHaveLength(1);
    h.socket.emit("messages.update", [{ key: { remoteJid: CUSTOMER_JID, fromMe: true, id: messageId }, update: { status: 3 } }]);
    await h.layer.idle();
    expect((await row(res.body.id)).ack).toBe(2);
  });

  it("a delivery ack WhatsApp sends before the id is recorded is applied shortly after", async () => {
    const original = h.socket.sendMessage;
    h.socket.sendMessage = async (jid, content, options) => {
      const sent = await original(jid, content, options);
      // WhatsApp answers while sendMessage has not returned yet.
      h.socket.emit("messages.update", [{ key: { remoteJid: jid, fromMe: true, id: sent!.key.id! }, update: { status: 3 } }]);
      await h.layer.idle();
      return sent;
    };
    const res = await send(h, c.ticketId, { body: "rápido" });
    await h.t.kernel.jobs.runDue();
    await eventually(async () => (await row(res.body.id)).ack === 2);
  });

  it("a reply quotes the customer's message by its WhatsApp id", async () => {
    await send(h, c.ticketId, { body: "respondendo", quotedMsg: c.inbound.id });
    await h.t.kernel.jobs.runDue();
    const { options } = h.socket.sent[0]! as { options: { quoted: { key: Record<string, unknown>; message: unknown } } };
    expect(options.quoted.key).toEqual({ remoteJid: CUSTOMER_JID, fromMe: false, id: c.inbound.providerId });
    expect(options.quoted.message).toEqual({ conversation: "oi" });
  });

  it("an image and a document go as files with the caption on the first", async () => {
    const res = await send(h, c.ticketId, filesForm([fileOf("foto.png", "image/png", 120), fileOf("proposta.pdf", "application/pdf", 300)], { body: "segue" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await h.t.kernel.jobs.runDue();
    const [image, doc] = h.socket.sent as { content: Record<string, any> }[];
    expect(image!.content).toMatchObject({ mimetype: "image/png", caption: "segue" });
    expect(Buffer.isBuffer(image!.content.image)).toBe(true);
    expect(image!.content.image.length).toBe(120);
    expect(doc!.content).toMatchObject({ mimetype: "application/pdf", fileName: "proposta.pdf" });
    expect(doc!.content.caption).toBeUndefined();
    expect(doc!.content.document.length).toBe(300);
  });

  it("an .ogg recording is a voice note (ptt, Opus); an .mp3 goes as an audio file", async () => {
    await send(h, c.ticketId, filesForm([fileOf("audio-1.ogg", "audio/ogg", 20_000)]));
    await send(h, c.ticketId, filesForm([fileOf("audio-2.mp3", "audio/mpeg", 20_000)]));
    await h.t.kernel.jobs.runDue();
    const [voice, file] = h.socket.sent as { content: Record<string, any> }[];
    expect(voice!.content).toMatchObject({ ptt: true, mimetype: "audio/ogg; codecs=opus" });
    expect(file!.content).toMatchObject({ ptt: false, mimetype: "audio/mpeg" });
    expect(file!.content.audio.length).toBe(20_000);
  });

  it("a contact card goes as a vCard WhatsApp opens", async () => {
    await send(h, c.ticketId, { vCard: { name: "Carlos", number: "5511912345678" } });
    await h.t.kernel.jobs.runDue();
    const content = (h.socket.sent[0] as { content: any }).content;
    expect(content.contacts.displayName).toBe("Carlos");
    expect(content.contacts.contacts[0].vcard).toContain("FN:Carlos");
    expect(content.contacts.contacts[0].vcard).toContain("waid=5511912345678:+5511912345678");
  });

  it("a list message is written out as text (WhatsApp refuses buttons from this kind of client)", async () => {
    const res = await h.t.call("POST", `/messages/lista/${c.ticketId}`, {
      token: h.admin.token,
      body: { title: "Planos", text: "Escolha um", buttonText: "Ver", sections: [{ title: "Mensal", rows: [{ title: "Básico", description: "R$ 10" }, { title: "Pro" }] }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await h.t.kernel.jobs.runDue();
    const text = (h.socket.sent[0] as { content: { text: string } }).content.text;
    expect(text).toBe("Planos\nEscolha um\n\n*Mensal*\n1. Básico — R$ 10\n2. Pro");
  });

  it("a PIX charge is written out with the amount and the key", async () => {
    const res = await h.t.call("POST", `/messages/PIX/${c.ticketId}`, {
      token: h.admin.token,
      body: { title: "Pagamento", text: "Pedido 12", sendvalue: 12345, sendkey_type: "EMAIL", sendmerchant_name: "Loja", sendKey: "pix@loja.com" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await h.t.kernel.jobs.runDue();
    const text = (h.socket.sent[0] as { content: { text: string } }).content.text;
    expect(text).toContain("R$ 123,45");
    expect(text).toContain("pix@loja.com");
  });

  it("an edit and a deletion reach WhatsApp with the sent message's key; their echoes change nothing", async () => {
    const res = await send(h, c.ticketId, { body: "valor 10" });
    await h.t.kernel.jobs.runDue();
    const id = await waMessageId(res.body.providerId);
    const edit = await h.t.call("POST", `/messages/edit/${res.body.id}`, { token: h.admin.token, body: { body: "valor 12" } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent[1]).toMatchObject({ jid: CUSTOMER_JID, content: { text: "valor 12", edit: { remoteJid: CUSTOMER_JID, fromMe: true, id } } });

    const del = await h.t.call("DELETE", `/messages/${res.body.id}`, { token: h.admin.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent[2]).toMatchObject({ jid: CUSTOMER_JID, content: { delete: { remoteJid: CUSTOMER_JID, fromMe: true, id } } });

    // Baileys echoes the revoke as a fromMe protocol message: it stays "deleted by me".
    await h.deliver([waMessage(payloads.revoke(id, CUSTOMER_JID, true), { fromMe: true })], "append");
    expect(await row(res.body.id)).toMatchObject({ isDeleted: true, deletedBy: "me" });
  });

  it("groups are addressed as <id>@g.us", async () => {
    await h.t.close();
    h = await waHarness({ connection: { groupAsTicket: "enabled" } });
    c = await openConversation(h, waMessage(payloads.text("no grupo"), { chat: GROUP_JID, participant: "5511944443333@s.whatsapp.net" }));
    await send(h, c.ticketId, { body: "olá grupo" });
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent[0]!.jid).toBe(GROUP_JID);
  });
});

describe("outbound: addressing", () => {
  it("a Brazilian mobile registered without the ninth digit is sent where WhatsApp says it is", async () => {
    const lookup = vi.spyOn(h.socket, "onWhatsApp").mockResolvedValue([{ jid: "551187654321@s.whatsapp.net", exists: true }] as never);
    await send(h, c.ticketId, { body: "um" });
    await send(h, c.ticketId, { body: "dois" });
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent.map((s) => s.jid)).toEqual(["551187654321@s.whatsapp.net", "551187654321@s.whatsapp.net"]);
    // asked once, then remembered
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it("a contact known only by its lid is answered on the lid; once paired, on the number", async () => {
    await h.t.close();
    h = await waHarness();
    c = await openConversation(h, waMessage(payloads.text("oi"), { chat: CUSTOMER_LID_JID }));
    await send(h, c.ticketId, { body: "primeira" });
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent[0]!.jid).toBe(CUSTOMER_LID_JID);
    h.socket.emit("lid-mapping.update", { lid: CUSTOMER_LID_JID, pn: CUSTOMER_JID });
    await h.layer.idle();
    await new Promise((r) => setTimeout(r, 50));
    await send(h, c.ticketId, { body: "segunda" });
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent[1]!.jid).toBe(CUSTOMER_JID);
    expect((await rows(h.t, "contacts", h.admin.companyId))[0]!.number).toBe(CUSTOMER_LID);
  });
});

describe("outbound: failures are retried, never duplicated", () => {
  it("a send WhatsApp refuses is retried by the job and delivered once, with the same id", async () => {
    h.socket.failSends = 1;
    const res = await send(h, c.ticketId, { body: "tentativa" });
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent).toHaveLength(0);
    const [job] = await jobsOfMessage(h.t, res.body.id);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect((await row(res.body.id)).ack).toBe(0);
    await runJobsNow(h.t);
    await runJobsNow(h.t);
    expect(h.socket.sent).toHaveLength(1);
    expect((h.socket.sent[0]!.options as { messageId: string }).messageId).toBe(await waMessageId(res.body.providerId));
    expect((await row(res.body.id)).ack).toBe(1);
  });

  it("without a live session the job fails with ERR_WAPP_NOT_INITIALIZED and is delivered after the session is back", async () => {
    h.sessions.close(h.connection.id);
    const res = await send(h, c.ticketId, { body: "quando voltar" });
    await h.t.kernel.jobs.runDue();
    const [job] = await jobsOfMessage(h.t, res.body.id);
    expect(job).toMatchObject({ status: "pending", lastError: "ERR_WAPP_NOT_INITIALIZED" });
    const socket = h.sessions.open(h.admin.companyId, h.connection.id);
    await runJobsNow(h.t);
    expect(socket.sent.map((s) => s.content)).toEqual([{ text: "quando voltar" }]);
    expect(h.socket.sent).toHaveLength(0);
  });

  it("a stored file that vanished fails the job instead of sending something else", async () => {
    const res = await send(h, c.ticketId, filesForm([fileOf("a.png", "image/png")]));
    const { rmSync } = await import("node:fs");
    rmSync(`${h.t.dataDir}${res.body[0].mediaUrl}`);
    await h.t.kernel.jobs.runDue();
    expect(h.socket.sent).toHaveLength(0);
    const [job] = await jobsOfMessage(h.t, res.body[0].id);
    expect(job!.lastError).toContain("not found in storage");
    expect(await messageOf(h.t, h.admin.companyId, res.body[0].providerId)).toMatchObject({ ack: 0 });
  });
});
