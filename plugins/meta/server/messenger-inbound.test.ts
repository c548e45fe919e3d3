import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeWorld, IGSID, linkPage, messagesOf, metaWorld, PAGE, payloads, postWebhook, PSID, rows, ticketsOf, type MetaWorld } from "./meta.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
  await linkPage(w);
});
afterEach(() => closeWorld(w));

const fb = (...events: Record<string, unknown>[]) => payloads.messaging("page", PAGE.id, events);
const ig = (...events: Record<string, unknown>[]) => payloads.messaging("instagram", PAGE.instagram.id, events);
const fromCustomer = (message: Record<string, unknown>) => payloads.message(PSID, PAGE.id, message);
const fromIg = (message: Record<string, unknown>) => payloads.message(IGSID, PAGE.instagram.id, message);
const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);

async function onlyTicket() {
  const [ticket] = await ticketsOf(w);
  expect(ticket, "a pending ticket").toBeTruthy();
  return ticket!;
}

describe("Messenger inbound", () => {
  it("a text opens a pending ticket for the PSID, named from the Graph profile", async () => {
    expect((await postWebhook(w.t, fb(fromCustomer({ mid: "m_text1", text: "Olá, loja!" })))).status).toBe(200);
    const ticket = await onlyTicket();
    expect(ticket).toMatchObject({ channel: "facebook", lastMessage: "Olá, loja!", contact: { name: "Maria Cliente" } });
    const [message] = await messagesOf(w, ticket.uuid);
    expect(message).toMatchObject({ providerId: "m_text1", body: "Olá, loja!", fromMe: false, mediaType: "chat" });
    const [contact] = await rows(w.t, "contacts", w.admin.companyId);
    expect(contact).toMatchObject({ number: PSID, channel: "facebook" });
  });

  it("the same delivery twice is stored once", async () => {
    const payload = fb(fromCustomer({ mid: "m_dup", text: "uma vez" }));
    await postWebhook(w.t, payload);
    await postWebhook(w.t, payload);
    expect(await rows(w.t, "messages", w.admin.companyId)).toHaveLength(1);
  });

  it("an image attachment is downloaded and stored with the message", async () => {
    w.graph.files.set("foto.png", { type: "image/png", data: png });
    await postWebhook(w.t, fb(fromCustomer({ mid: "m_img", attachments: [{ type: "image", payload: { url: `${w.graph.origin}/cdn/foto.png` } }] })));
    const [message] = await messagesOf(w, (await onlyTicket()).uuid);
    expect(message).toMatchObject({ providerId: "m_img", mediaType: "image" });
    expect(message!.mediaUrl).toMatch(new RegExp(`^/public/company${w.admin.companyId}/`));
    expect(existsSync(join(w.t.dataDir, message!.mediaUrl.replace(/^\//, "")))).toBe(true);
    expect(JSON.parse(message!.dataJson)).toMatchObject({ mimetype: "image/png", fileName: "foto.png" });
  });

  it("a file that cannot be downloaded keeps the message with a note", async () => {
    await postWebhook(w.t, fb(fromCustomer({ mid: "m_gone", attachments: [{ type: "file", payload: { url: `${w.graph.origin}/cdn/missing.pdf` } }] })));
    const [message] = await messagesOf(w, (await onlyTicket()).uuid);
    expect(message).toMatchObject({ providerId: "m_gone", body: "📎 missing.pdf", mediaUrl: null });
  });

  it("a file above the download limit keeps the message without it", async () => {
    const small = await metaWorld({ UPLOAD_MAX_BYTES: "8" });
    try {
      await linkPage(small);
      small.graph.files.set("big.png", { type: "image/png", data: png });
      await postWebhook(
        small.t,
        payloads.messaging("page", PAGE.id, [
          fromCustomer({ mid: "m_big", text: "olha", attachments: [{ type: "image", payload: { url: `${small.graph.origin}/cdn/big.png` } }] }),
        ]),
      );
      const [ticket] = await ticketsOf(small);
      const [message] = await messagesOf(small, ticket!.uuid);
      expect(message).toMatchObject({ providerId: "m_big", body: "olha", mediaUrl: null });
      expect(JSON.parse(message!.dataJson)).toEqual({ mediaError: "too large" });
    } finally {
      await closeWorld(small);
    }
  });

  it("a reaction is stored as reactionMessage quoting the reacted message; unreact stores an empty one", async () => {
    await postWebhook(w.t, fb(fromCustomer({ mid: "m_base", text: "pedido 42" })));
    const reaction = { sender: { id: PSID }, recipient: { id: PAGE.id }, timestamp: 1_700_000_000_000, reaction: { mid: "m_base", action: "react", reaction: "love", emoji: "❤️" } };
    await postWebhook(w.t, fb(reaction));
    await postWebhook(w.t, fb({ ...reaction, timestamp: 1_700_000_001_000, reaction: { mid: "m_base", action: "unreact" } }));
    const messages = await messagesOf(w, (await onlyTicket()).uuid);
    const base = messages.find((m) => m.providerId === "m_base")!;
    const reactions = messages.filter((m) => m.mediaType === "reactionMessage");
    expect(reactions.map((m) => [m.body, m.quotedMsgId])).toEqual([
      ["❤️", base.id],
      ["", base.id],
    ]);
    // A reaction is not the conversation's last message.
    expect((await onlyTicket()).lastMessage).toBe("pedido 42");
  });

  it("a reply names the quoted message; echoes of our own sends are ignored", async () => {
    await postWebhook(w.t, fb(fromCustomer({ mid: "m_q1", text: "primeira" })));
    await postWebhook(w.t, fb(fromCustomer({ mid: "m_q2", text: "sobre isso", reply_to: { mid: "m_q1" } })));
    await postWebhook(w.t, fb(payloads.message(PAGE.id, PSID, { mid: "m_echo", text: "enviado pela página", is_echo: true })));
    const messages = await messagesOf(w, (await onlyTicket()).uuid);
    expect(messages.map((m) => m.providerId)).toEqual(["m_q1", "m_q2"]);
    expect(messages[1]!.quotedMsg).toMatchObject({ body: "primeira" });
  });

  it("a tapped button (postback) arrives as its title", async () => {
    await postWebhook(
      w.t,
      fb({ sender: { id: PSID }, recipient: { id: PAGE.id }, timestamp: Date.now(), postback: { mid: "m_pb", title: "Falar com atendente", payload: "HUMAN" } }),
    );
    const [message] = await messagesOf(w, (await onlyTicket()).uuid);
    expect(message).toMatchObject({ providerId: "m_pb", body: "Falar com atendente" });
    expect(JSON.parse(message!.dataJson)).toEqual({ postback: { title: "Falar com atendente", payload: "HUMAN" } });
  });

  it("edits and deletions by the customer reach the stored message", async () => {
    await postWebhook(w.t, fb(fromCustomer({ mid: "m_ed", text: "errado" })));
    await postWebhook(w.t, fb({ sender: { id: PSID }, recipient: { id: PAGE.id }, timestamp: Date.now(), message_edit: { mid: "m_ed", text: "certo", num_edit: 1 } }));
    let [message] = await messagesOf(w, (await onlyTicket()).uuid);
    expect(message).toMatchObject({ body: "certo", isEdited: true });
    await postWebhook(w.t, ig(fromIg({ mid: "ig_del", text: "apagar" })));
    await postWebhook(w.t, ig(fromIg({ mid: "ig_del", is_deleted: true })));
    const igTicket = (await ticketsOf(w)).find((t) => t.channel === "instagram")!;
    [message] = await messagesOf(w, igTicket.uuid);
    expect(message).toMatchObject({ isDeleted: true, deletedBy: "contact" });
  });
});

describe("Instagram inbound", () => {
  it("text, media and reactions arrive on the instagram connection, named from the IGSID profile", async () => {
    w.graph.files.set("video.mp4", { type: "video/mp4", data: new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112]) });
    await postWebhook(w.t, ig(fromIg({ mid: "ig_1", text: "oi do insta" })));
    await postWebhook(w.t, ig(fromIg({ mid: "ig_2", attachments: [{ type: "video", payload: { url: `${w.graph.origin}/cdn/video.mp4` } }] })));
    await postWebhook(
      w.t,
      ig({ sender: { id: IGSID }, recipient: { id: PAGE.instagram.id }, timestamp: Date.now(), reaction: { mid: "ig_1", action: "react", reaction: "love", emoji: "😍" } }),
    );
    const ticket = await onlyTicket();
    expect(ticket).toMatchObject({ channel: "instagram", contact: { name: "Joana IG" } });
    const messages = await messagesOf(w, ticket.uuid);
    expect(messages.map((m) => [m.providerId.startsWith("reaction:") ? "reaction" : m.providerId, m.mediaType, m.body])).toEqual([
      ["ig_1", "chat", "oi do insta"],
      ["ig_2", "video", ""],
      ["reaction", "reactionMessage", "😍"],
    ]);
  });

  it("an entry that names the linked Page instead of the Instagram account is routed too", async () => {
    await postWebhook(w.t, payloads.messaging("instagram", PAGE.id, [payloads.message(IGSID, PAGE.id, { mid: "ig_bypage", text: "via página" })]));
    expect((await onlyTicket()).channel).toBe("instagram");
  });
});
