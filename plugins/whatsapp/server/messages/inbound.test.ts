import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messageOf, rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { CUSTOMER, payloads, waMessage } from "./wa-payloads.fixtures.ts";

let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(() => h.t.close());

const stored = (id: string) => messageOf(h.t, h.admin.companyId, id);
const data = (m: Record<string, any> | undefined) => (m?.dataJson ? JSON.parse(m.dataJson) : null);

describe("inbound: text", () => {
  it("a conversation message opens a pending ticket for the contact named by pushName", async () => {
    const msg = waMessage(payloads.text("Olá, preciso de ajuda"), { pushName: "Maria Cliente" });
    await h.deliver([msg]);
    const [ticket] = await rows(h.t, "tickets", h.admin.companyId);
    expect(ticket).toMatchObject({ status: "pending", whatsappId: h.connection.id, channel: "whatsapp", lastMessage: "Olá, preciso de ajuda", unreadMessages: 1 });
    const contact = (await rows(h.t, "contacts", h.admin.companyId)).find((c) => c.number === CUSTOMER);
    expect(contact).toMatchObject({ name: "Maria Cliente", isGroup: false });
    expect(await stored(msg.key.id!)).toMatchObject({ body: "Olá, preciso de ajuda", fromMe: false, mediaType: "chat", ticketId: ticket!.id });

    // Through the real HTTP API as the web reads it.
    const page = await h.t.call("GET", `/messages/${ticket!.uuid}`, { token: h.admin.token });
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(["Olá, preciso de ajuda"]);
  });

  it("an extended text that quotes a stored message points at it; a link preview is plain text", async () => {
    const first = waMessage(payloads.text("primeira"));
    const reply = waMessage(payloads.reply("respondendo", first.key.id!, "primeira"));
    const link = waMessage(payloads.link("veja https://example.com"));
    await h.deliver([first, reply, link]);
    const quoted = await stored(first.key.id!);
    expect(await stored(reply.key.id!)).toMatchObject({ body: "respondendo", quotedMsgId: quoted!.id, mediaType: "chat" });
    expect(await stored(link.key.id!)).toMatchObject({ body: "veja https://example.com", mediaType: "chat", quotedMsgId: null });
  });

  it("messages sent from the owner's phone (append, fromMe) are stored as fromMe without renaming the contact", async () => {
    await h.deliver([waMessage(payloads.text("oi"), { pushName: "Maria Cliente" })]);
    const own = waMessage(payloads.text("Resposta pelo celular"), { fromMe: true });
    await h.deliver([own], "append");
    expect(await stored(own.key.id!)).toMatchObject({ body: "Resposta pelo celular", fromMe: true });
    const contact = (await rows(h.t, "contacts", h.admin.companyId)).find((c) => c.number === CUSTOMER);
    expect(contact!.name).toBe("Maria Cliente");
    expect((await rows(h.t, "tickets", h.admin.companyId))[0]!.unreadMessages).toBe(1);
  });

  it("button, list and template replies store the text the customer chose", async () => {
    const button = waMessage(payloads.buttonReply("Falar com atendente", "btn-2"));
    const list = waMessage(payloads.listReply("Plano Premium", "row-3"));
    const template = waMessage(payloads.templateReply("Sim, confirmo", "tpl-1"));
    await h.deliver([button, list, template]);
    expect(await stored(button.key.id!)).toMatchObject({ body: "Falar com atendente", mediaType: "chat" });
    expect(data(await stored(button.key.id!))).toEqual({ reply: { id: "btn-2", text: "Falar com atendente" } });
    expect((await stored(list.key.id!))!.body).toBe("Plano Premium");
    expect((await stored(template.key.id!))!.body).toBe("Sim, confirmo");
  });

  it("polls (v1, v2, v3) show the question and the options", async () => {
    const polls = (["pollCreationMessage", "pollCreationMessageV2", "pollCreationMessageV3"] as const).map((v) => waMessage(payloads.poll("Qual horário?", ["Manhã", "Tarde"], v)));
    await h.deliver(polls);
    for (const poll of polls) {
      const m = await stored(poll.key.id!);
      expect(m!.body).toBe("📊 Enquete: Qual horário?\n1. Manhã\n2. Tarde");
      expect(data(m)).toEqual({ poll: { name: "Qual horário?", options: ["Manhã", "Tarde"], selectableCount: 1 } });
    }
  });

  it("an ad preview (Click-to-WhatsApp) is kept in data and visible in the body", async () => {
    const msg = waMessage(payloads.fromAd("Quero saber mais"));
    await h.deliver([msg]);
    const m = await stored(msg.key.id!);
    expect(m!.body).toBe("Quero saber mais\n📣 Anúncio\nPromoção de verão\nFale conosco pelo WhatsApp\nhttps://fb.me/abcdef");
    expect(data(m).ad).toMatchObject({ title: "Promoção de verão", sourceUrl: "https://fb.me/abcdef", sourceId: "120210000000000000", ctwaClid: "Afc123" });
  });

  it("disappearing-message wrappers are unwrapped", async () => {
    const msg = waMessage(payloads.ephemeral(payloads.text("mensagem temporária")));
    await h.deliver([msg]);
    expect((await stored(msg.key.id!))!.body).toBe("mensagem temporária");
  });
});

describe("inbound: structured kinds", () => {
  it("a location becomes a locationMessage with coordinates the web's card reads", async () => {
    const msg = waMessage(payloads.location());
    const live = waMessage(payloads.liveLocation());
    await h.deliver([msg, live]);
    const m = await stored(msg.key.id!);
    expect(m).toMatchObject({ mediaType: "locationMessage" });
    expect(data(m)).toMatchObject({ lat: -23.5613, lng: -46.6565, name: "Avenida Paulista", live: false });
    expect(m!.body).toContain("https://maps.google.com/maps?q=-23.5613,-46.6565");
    const l = await stored(live.key.id!);
    expect(data(l)).toMatchObject({ lat: -22.9519, lng: -43.2105, live: true, caption: "Estou chegando" });
    expect(l!.body.startsWith("📍 Localização em tempo real")).toBe(true);
  });

  it("a contact card keeps the vCard as body and {name, number} as data; an array gives one card each", async () => {
    const card = waMessage(payloads.contact("Carlos Souza", "5521988887777"));
    const many = waMessage(
      payloads.contacts([
        { name: "Ana", number: "5531977776666" },
        { name: "Bia", number: "5541966665555" },
      ]),
    );
    await h.deliver([card, many]);
    const c = await stored(card.key.id!);
    expect(c).toMatchObject({ mediaType: "contactMessage" });
    expect(c!.body).toContain("BEGIN:VCARD");
    expect(data(c)).toEqual({ name: "Carlos Souza", number: "5521988887777" });
    expect(data(await stored(many.key.id!))).toEqual({ name: "Ana", number: "5531977776666" });
    expect(data(await stored(`${many.key.id}_1`))).toEqual({ name: "Bia", number: "5541966665555" });
  });

  it("a reaction is stored as reactionMessage pointing at the reacted message; a new one replaces it", async () => {
    const target = waMessage(payloads.text("pode confirmar?"));
    await h.deliver([target]);
    const like = waMessage(payloads.reaction(target.key.id!, "👍", false));
    await h.deliver([like]);
    const reacted = await stored(target.key.id!);
    expect(await stored(like.key.id!)).toMatchObject({ mediaType: "reactionMessage", body: "👍", quotedMsgId: reacted!.id, isDeleted: false });
    const heart = waMessage(payloads.reaction(target.key.id!, "❤️", false));
    await h.deliver([heart]);
    expect(await stored(heart.key.id!)).toMatchObject({ body: "❤️", isDeleted: false });
    expect((await stored(like.key.id!))!.isDeleted).toBe(true);
    // Reactions are neither the last message nor unread.
    expect((await rows(h.t, "tickets", h.admin.companyId))[0]).toMatchObject({ lastMessage: "pode confirmar?", unreadMessages: 1 });
  });

  it("status broadcasts, newsletters and sender-key-only messages are ignored", async () => {
    await h.deliver([
      waMessage(payloads.text("meu status"), { chat: "status@broadcast", participant: "5511911112222@s.whatsapp.net" }),
      waMessage(payloads.text("novidade do canal"), { chat: "120363999999999999@newsletter" }),
      waMessage(payloads.senderKeyOnly()),
    ]);
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(0);
    expect(await rows(h.t, "tickets", h.admin.companyId)).toHaveLength(0);
  });

  it("a kind the web does not render is stored as a notice rather than lost", async () => {
    const msg = waMessage({ productMessage: { product: { productId: "p1", title: "Camiseta" }, businessOwnerJid: "5511955554444@s.whatsapp.net" } });
    await h.deliver([msg]);
    expect((await stored(msg.key.id!))!.body).toContain("productMessage");
  });
});

describe("inbound: media", () => {
  const put = (id: string, size: number) => h.boundary.media.set(id, new Uint8Array(size).fill(42));

  it("image, voice note, video, document (with caption) and sticker are downloaded into the company's storage", async () => {
    const image = waMessage(payloads.image("foto do produto"));
    const voice = waMessage(payloads.voice());
    const video = waMessage(payloads.video("vídeo"));
    const doc = waMessage(payloads.document("contrato.pdf", "segue o contrato"));
    const sticker = waMessage(payloads.sticker());
    for (const m of [image, voice, video, doc, sticker]) put(m.key.id!, 1000);
    await h.deliver([image, voice, video, doc, sticker]);

    const img = await stored(image.key.id!);
    expect(img).toMatchObject({ mediaType: "image", body: "foto do produto" });
    expect(img!.mediaUrl).toMatch(new RegExp(`^/public/company${h.admin.companyId}/[A-Za-z0-9_-]+\\.jpg$`));
    expect(existsSync(join(h.t.dataDir, img!.mediaUrl))).toBe(true);
    expect(data(img)).toMatchObject({ mimetype: "image/jpeg", fileName: "imagem.jpg" });

    const ptt = await stored(voice.key.id!);
    expect(ptt).toMatchObject({ mediaType: "audio", body: "" });
    // .ogg: the transcription route accepts it.
    expect(ptt!.mediaUrl).toMatch(/\.ogg$/);
    expect(data(ptt)).toMatchObject({ mimetype: "audio/ogg; codecs=opus", ptt: true, seconds: 7 });

    expect(await stored(video.key.id!)).toMatchObject({ mediaType: "video", body: "vídeo" });
    const d = await stored(doc.key.id!);
    expect(d).toMatchObject({ mediaType: "application", body: "segue o contrato" });
    expect(data(d)).toMatchObject({ fileName: "contrato.pdf", mimetype: "application/pdf" });
    expect((await stored(sticker.key.id!))!.mediaUrl).toMatch(/\.webp$/);
  });

  it("view-once media is unwrapped and stored like any image", async () => {
    const msg = waMessage(payloads.viewOnce(payloads.image("só uma vez")));
    put(msg.key.id!, 500);
    await h.deliver([msg]);
    expect(await stored(msg.key.id!)).toMatchObject({ mediaType: "image", body: "só uma vez" });
    expect((await stored(msg.key.id!))!.mediaUrl).toBeTruthy();
  });

  it("an audio file that is not a voice note keeps its type", async () => {
    const msg = waMessage(payloads.audioFile());
    put(msg.key.id!, 800);
    await h.deliver([msg]);
    const m = await stored(msg.key.id!);
    expect(m!.mediaUrl).toMatch(/\.mp3$/);
    expect(data(m)).toMatchObject({ ptt: false, mimetype: "audio/mpeg" });
  });
});
