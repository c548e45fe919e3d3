import { describe, expect, it } from "vitest";
import { outboundDraft, outboundRow, type VariableNames } from "./outbound-message.ts";

/** The pure part of the one outbound write: what a message row says, before any database. */
const ticket = { id: 42, companyId: 1, contactId: 7, whatsappId: 3, queueId: 5 };
const names: VariableNames = { contact: "Ana {{user}}", connection: "Loja", queue: "Vendas", attendant: "Bia" };
const author = { id: 9, name: "Caio {{name}}" };

describe("outboundRow", () => {
  it("fills the variables once: a name that holds a placeholder stays as it is", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: legacy placeholders are plain text here
    const text = "Oi {{name}}, fila {{queue}} (${queue.name}) com {{user}}";
    const row = outboundRow(ticket, outboundDraft(text, { variables: true }), names, false);
    expect(row!.values.body).toBe("Oi Ana {{user}}, fila Vendas (Vendas) com Bia");
  });

  it("signs after the variables, once: the author's name is never read as a placeholder, and an already signed text is not signed again", () => {
    const signed = outboundRow(ticket, outboundDraft("Oi {{firstName}}", { variables: true, author, sign: true }), names, true)!;
    expect(signed.values.body).toBe("*Caio {{name}}:*\nOi Ana");
    expect(signed.values.userId).toBe(9);
    // A forward of one's own signed message copies its text (no variables): signed once.
    const again = outboundRow(ticket, outboundDraft(signed.values.body, { author, sign: true, isForwarded: true }), names, true)!;
    expect(again.values.body).toBe(signed.values.body);
  });

  it("no signature without the company's setting, without an author, or on an empty caption", () => {
    expect(outboundRow(ticket, outboundDraft("oi", { author, sign: true }), null, false)!.values.body).toBe("oi");
    expect(outboundRow(ticket, outboundDraft("oi", { sign: true }), null, true)!.values.body).toBe("oi");
    const file = { kind: "file", url: "/public/company1/a.png", mimetype: "image/png", fileName: "a.png" } as const;
    expect(outboundRow(ticket, outboundDraft("", { author, sign: true, content: file }), null, true)!.values).toMatchObject({ body: "", mediaType: "image" });
  });

  it("{{user}} is the author when one writes, else the ticket's attendant", () => {
    expect(outboundRow(ticket, outboundDraft("{{user}}", { variables: true, author }), names, false)!.values.body).toBe("Caio {{name}}");
    expect(outboundRow(ticket, outboundDraft("{{user}}", { variables: true }), names, false)!.values.body).toBe("Bia");
  });

  it("a private note: its prefix, its variables kept unless asked, no delivery, no lastMessage, no clocks", () => {
    const row = outboundRow(ticket, outboundDraft("lembrar {{name}}", { isPrivate: true, author, sign: true, restartsClocks: true }), names, true)!;
    expect(row).toMatchObject({ lastMessage: null, deliver: false, restartsClocks: false });
    expect(row.values).toMatchObject({ body: "*Caio {{name}} - Mensagem Privada:*\nlembrar {{name}}", isPrivate: true });
  });

  it("files, contact cards and structured content: media type, dataJson and lastMessage", () => {
    const file = outboundRow(ticket, outboundDraft("", { content: { kind: "file", url: "/public/company1/x.pdf", mimetype: "application/pdf", fileName: "x.pdf" } }), null, false)!;
    expect(file).toMatchObject({
      lastMessage: "x.pdf",
      deliver: true,
      values: { mediaType: "application", mediaUrl: "/public/company1/x.pdf", dataJson: '{"mimetype":"application/pdf","fileName":"x.pdf"}' },
    });
    const card = outboundRow(ticket, outboundDraft("ignored", { author, sign: true, content: { kind: "contact", vCard: { name: " Rui ", number: "+55 11 9" } } }), null, true)!;
    expect(card.lastMessage).toBe("Rui");
    expect(card.values.body).toContain("FN:Rui");
    expect(card.values.mediaType).toBe("contactMessage");
    const list = outboundRow(ticket, outboundDraft("Escolha", { content: { kind: "structured", mediaType: "listMessage", data: { rows: 1 } } }), null, false)!;
    expect(list.values).toMatchObject({ body: "Escolha", mediaType: "listMessage", dataJson: '{"rows":1}' });
  });

  it("copies the ticket's columns; nothing to send answers null", () => {
    const row = outboundRow(ticket, outboundDraft(" oi ", { quotedMsgId: 11, isForwarded: true }), null, false)!;
    expect(row.values).toMatchObject({ companyId: 1, ticketId: 42, contactId: 7, whatsappId: 3, queueId: 5, body: "oi", quotedMsgId: 11, isForwarded: true, mediaType: "chat" });
    expect(row.values.providerId).toMatch(/^out-/);
    expect(outboundRow(ticket, outboundDraft("  "), null, false)).toBeNull();
    expect(outboundRow(ticket, outboundDraft("{{user}}", { variables: true }), { ...names, attendant: "" }, false)).toBeNull();
  });
});
