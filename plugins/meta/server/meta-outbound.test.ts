import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeWorld, IGSID, linkCloud, linkPage, metaWorld, PAGE, PHONE, payloads, PSID, WA_ID, type MetaWorld } from "./meta.fixtures.ts";
import { openConversation, reply, sentMessages } from "./meta-outbound.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
});
afterEach(() => closeWorld(w));

const fbText = (mid: string, text = "oi") => payloads.messaging("page", PAGE.id, [payloads.message(PSID, PAGE.id, { mid, text })]);
const image = () => new File([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], "catalogo.png", { type: "image/png" });
const pdf = () => new File([new Uint8Array([37, 80, 68, 70, 45])], "boleto.pdf", { type: "application/pdf" });

describe("Messenger and Instagram replies", () => {
  it("a text reply goes to the Send API with the Page token and the returned mid is stored", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in1"));
    const res = await reply(w, ticket.id, { body: "Olá, Maria!" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [send] = w.graph.sends();
    expect(send).toMatchObject({
      path: `/v21.0/${PAGE.id}/messages`,
      token: PAGE.token,
      json: { recipient: { id: PSID }, messaging_type: "RESPONSE", message: { text: expect.stringContaining("Olá, Maria!") } },
    });
    const [stored] = await sentMessages(w, ticket.uuid);
    expect(stored).toMatchObject({ providerId: expect.stringMatching(/^m_stand/), ack: 1 });
  });

  it("a sent message cannot be edited or deleted (Meta cannot change it): ERR_CHANNEL_UNSUPPORTED and nothing changes; private notes still can", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in_edit"));
    const sent = await reply(w, ticket.id, { body: "Olá" });
    for (const [method, path, body] of [
      ["POST", `/messages/edit/${sent.body.id}`, { body: "Olá!" }],
      ["DELETE", `/messages/${sent.body.id}`, undefined],
    ] as const) {
      const res = await w.t.call(method, path, { token: w.admin.token, body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_CHANNEL_UNSUPPORTED", channel: "facebook" });
    }
    const [stored] = await sentMessages(w, ticket.uuid);
    expect(stored).toMatchObject({ isEdited: false, isDeleted: false });
    const note = await reply(w, ticket.id, { body: "nota interna", isPrivate: true });
    expect((await w.t.call("POST", `/messages/edit/${note.body.id}`, { token: w.admin.token, body: { body: "nota corrigida" } })).status).toBe(200);
  });

  it("a quoted reply carries reply_to.mid", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_quoted"));
    const [inbound] = (await w.t.call("GET", `/messages/${ticket.uuid}`, { token: w.admin.token })).body.messages;
    await reply(w, ticket.id, { body: "sobre isso", quotedMsg: inbound.id });
    expect(w.graph.sends()[0]!.json.reply_to).toEqual({ mid: "m_quoted" });
  });

  it("a file is uploaded to message_attachments and sent by attachment_id; its text follows", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, fbText("m_in2"));
    const form = new FormData();
    form.append("medias", image());
    form.append("body", "nosso catálogo");
    expect((await reply(w, ticket.id, form)).status).toBe(200);
    const upload = w.graph.requests.find((r) => r.path.endsWith("/message_attachments"))!;
    expect(upload).toMatchObject({ token: PAGE.token, form: { filedata: { fileName: "catalogo.png", type: "image/png", size: 7 } } });
    expect(JSON.parse(upload.form!.message as string)).toEqual({ attachment: { type: "image", payload: { is_reusable: true } } });
    const sends = w.graph.sends().map((s) => s.json.message);
    expect(sends).toEqual([{ attachment: { type: "image", payload: { attachment_id: expect.stringMatching(/^att/) } } }, { text: "nosso catálogo" }]);
    expect((await sentMessages(w, ticket.uuid))[0]).toMatchObject({ mediaType: "image", ack: 1, providerId: expect.stringMatching(/^m_stand/) });
  });

  it("Instagram replies go through the linked Page to the IGSID; uploads say platform=instagram", async () => {
    await linkPage(w);
    const ticket = await openConversation(w, payloads.messaging("instagram", PAGE.instagram.id, [payloads.message(IGSID, PAGE.instagram.id, { mid: "ig_in", text: "oi" })]));
    await reply(w, ticket.id, { body: "Oi do Instagram" });
    const form = new FormData();
    form.append("medias", pdf());
    await reply(w, ticket.id, form);
    expect(w.graph.sends().map((s) => [s.path, s.json.recipient.id])).toEqual([
      [`/v21.0/${PAGE.id}/messages`, IGSID],
      [`/v21.0/${PAGE.id}/messages`, IGSID],
    ]);
    const upload = w.graph.requests.find((r) => r.path.endsWith("/message_attachments"))!;
    expect(upload.form).toMatchObject({ platform: "instagram" });
    expect(JSON.parse(upload.form!.message as string).attachment.type).toBe("file");
  });
});

describe("Cloud API replies", () => {
  it("text with context.message_id, and a document uploaded to /media then sent by id with its file name", async () => {
    await linkCloud(w);
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.IN", type: "text", text: { body: "oi" } }));
    const [inbound] = (await w.t.call("GET", `/messages/${ticket.uuid}`, { token: w.admin.token })).body.messages;
    await reply(w, ticket.id, { body: "Resposta", quotedMsg: inbound.id });
    const form = new FormData();
    form.append("medias", pdf());
    form.append("body", "segue o boleto");
    await reply(w, ticket.id, form);
    const [text, doc] = w.graph.sends();
    expect(text).toMatchObject({
      path: `/v21.0/${PHONE.id}/messages`,
      token: PHONE.token,
      json: { messaging_product: "whatsapp", to: WA_ID, type: "text", context: { message_id: "wamid.IN" } },
    });
    expect(text!.json.text.body).toContain("Resposta");
    const upload = w.graph.requests.find((r) => r.path.endsWith(`/${PHONE.id}/media`))!;
    expect(upload.form).toMatchObject({ messaging_product: "whatsapp", type: "application/pdf", file: { fileName: "boleto.pdf" } });
    expect(doc!.json).toMatchObject({ type: "document", document: { id: expect.stringMatching(/^media/), filename: "boleto.pdf", caption: "segue o boleto" } });
    const stored = await sentMessages(w, ticket.uuid);
    expect(stored.map((m) => [m.providerId.startsWith("wamid.stand"), m.ack])).toEqual([
      [true, 1],
      [true, 1],
    ]);
  });

  it("a contact card goes as a contacts message", async () => {
    await linkCloud(w);
    const ticket = await openConversation(w, payloads.cloudMessage({ id: "wamid.IN2", type: "text", text: { body: "oi" } }));
    await reply(w, ticket.id, { vCard: { name: "Suporte", number: "5511911112222" } });
    expect(w.graph.sends()[0]!.json).toMatchObject({ type: "contacts", contacts: [{ name: { formatted_name: "Suporte" }, phones: [{ wa_id: "5511911112222" }] }] });
  });
});
