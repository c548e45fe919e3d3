import type { WACallEvent } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { CUSTOMER, CUSTOMER_JID, CUSTOMER_LID_JID } from "./wa-payloads.fixtures.ts";

let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(() => h.t.close());

const offer = (over: Partial<WACallEvent> = {}): WACallEvent => ({
  chatId: CUSTOMER_JID,
  from: CUSTOMER_JID,
  id: `CALL${Math.random().toString(16).slice(2, 14).toUpperCase()}`,
  date: new Date(),
  status: "offer",
  offline: false,
  isVideo: false,
  isGroup: false,
  ...over,
});

const refuseCalls = async (message = "No momento não atendemos ligações. Por favor, envie uma mensagem.") => {
  await h.t.kernel.settings.setCompany(h.admin.companyId, "acceptCallWhatsapp", "disabled");
  await h.t.kernel.settings.setCompany(h.admin.companyId, "AcceptCallWhatsappMessage", message);
};

describe("calls: not accepted", () => {
  it("rejects the call, sends the company's message and shows a call_log notice in the ticket", async () => {
    await refuseCalls();
    const call = offer({ isVideo: true });
    h.socket.emit("call", [call]);
    await h.layer.idle();
    expect(h.socket.rejectedCalls).toEqual([{ callId: call.id, from: CUSTOMER_JID }]);
    expect(h.socket.sent).toEqual([expect.objectContaining({ jid: CUSTOMER_JID, content: { text: "No momento não atendemos ligações. Por favor, envie uma mensagem." } })]);
    const messages = await rows(h.t, "messages", h.admin.companyId);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ mediaType: "call_log", fromMe: false, providerId: `call-${call.id}` });
    expect(messages[0]!.body).toContain("Chamada de vídeo");
    expect(JSON.parse(messages[0]!.dataJson)).toMatchObject({ callId: call.id, isVideo: true, status: "rejected" });
    expect(messages[1]).toMatchObject({ fromMe: true, body: "No momento não atendemos ligações. Por favor, envie uma mensagem." });
    const contact = (await rows(h.t, "contacts", h.admin.companyId)).find((c) => c.id === messages[0]!.contactId);
    expect(contact!.number).toBe(CUSTOMER);
  });

  it("the company's message passes through the message variables (issue 14)", async () => {
    await refuseCalls("Olá {{firstName}}, não atendemos ligações (protocolo {{ticket_id}}).");
    h.socket.emit("call", [offer()]);
    await h.layer.idle();
    const text = (h.socket.sent[0]!.content as { text: string }).text;
    const [ticket] = await rows(h.t, "tickets", h.admin.companyId);
    expect(text).toMatch(new RegExp(`^Olá .+, não atendemos ligações \\(protocolo ${ticket!.id}\\)\\.$`));
    expect(text).not.toContain("{{");
  });

  it("the same offer reported twice, and ringing/terminate updates, are handled once", async () => {
    await refuseCalls();
    const call = offer();
    h.socket.emit("call", [call]);
    h.socket.emit("call", [call, { ...call, status: "ringing" }, { ...call, status: "terminate" }]);
    await h.layer.idle();
    expect(h.socket.rejectedCalls).toHaveLength(1);
    expect(h.socket.sent).toHaveLength(1);
    expect((await rows(h.t, "messages", h.admin.companyId)).filter((m) => m.mediaType === "call_log")).toHaveLength(1);
  });

  it("a caller on a lid with its number (callerPn) is the number's contact", async () => {
    await refuseCalls();
    h.socket.emit("call", [offer({ from: CUSTOMER_LID_JID, chatId: CUSTOMER_LID_JID, callerPn: CUSTOMER_JID })]);
    await h.layer.idle();
    expect(h.socket.rejectedCalls[0]!.from).toBe(CUSTOMER_LID_JID);
    expect((await rows(h.t, "contacts", h.admin.companyId)).map((c) => c.number)).toEqual([CUSTOMER]);
  });

  it("group calls are not rejected", async () => {
    await refuseCalls();
    h.socket.emit("call", [offer({ isGroup: true, groupJid: "120363000000000001@g.us" })]);
    await h.layer.idle();
    expect(h.socket.rejectedCalls).toHaveLength(0);
  });
});

describe("calls: accepted (the default)", () => {
  it("the phone rings: nothing is rejected, sent or stored", async () => {
    h.socket.emit("call", [offer()]);
    await h.layer.idle();
    expect(h.socket.rejectedCalls).toHaveLength(0);
    expect(h.socket.sent).toHaveLength(0);
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(0);
  });
});
