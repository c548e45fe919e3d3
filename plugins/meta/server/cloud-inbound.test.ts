import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closeWorld, linkCloud, messagesOf, metaWorld, PHONE, payloads, postWebhook, rows, ticketsOf, WA_ID, type MetaWorld } from "./meta.fixtures.ts";

let w: MetaWorld;
beforeEach(async () => {
  w = await metaWorld();
  await linkCloud(w);
});
afterEach(() => closeWorld(w));

async function conversation() {
  const [ticket] = await ticketsOf(w);
  expect(ticket, "a pending ticket").toBeTruthy();
  return { ticket: ticket!, messages: await messagesOf(w, ticket!.uuid) };
}

describe("WhatsApp Cloud API inbound", () => {
  it("a text opens a ticket for the wa_id, named from contacts[].profile.name", async () => {
    expect((await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.T1", type: "text", text: { body: "Bom dia" } }))).status).toBe(200);
    const { ticket, messages } = await conversation();
    expect(ticket).toMatchObject({ channel: "whatsappapi", lastMessage: "Bom dia", contact: { name: "Carlos Cloud" } });
    expect(messages[0]).toMatchObject({ providerId: "wamid.T1", body: "Bom dia", mediaType: "chat" });
    expect((await rows(w.t, "contacts", w.admin.companyId))[0]).toMatchObject({ number: WA_ID });
  });

  it("an image is fetched by media id (GET /{media-id}, then the URL with the bearer token)", async () => {
    w.graph.files.set("media-in-1", { type: "image/jpeg", data: new Uint8Array([255, 216, 255, 224, 1, 2]), mediaToken: PHONE.token });
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.IMG", type: "image", image: { id: "media-in-1", mime_type: "image/jpeg", sha256: "x", caption: "a foto" } }));
    const { messages } = await conversation();
    expect(messages[0]).toMatchObject({ providerId: "wamid.IMG", mediaType: "image", body: "a foto" });
    expect(messages[0]!.mediaUrl).toMatch(/\.jpg$/);
    const calls = w.graph.requests.filter((r) => r.path.includes("media-in-1"));
    expect(calls.map((r) => [r.path.replace(/^\/v21\.0/, ""), r.token])).toEqual([
      ["/media-in-1", PHONE.token],
      ["/media-files/media-in-1", PHONE.token],
    ]);
  });

  it("documents keep their file name; reactions, locations and contact cards are typed", async () => {
    w.graph.files.set("media-doc", { type: "application/pdf", data: new Uint8Array([37, 80, 68, 70]), mediaToken: PHONE.token });
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.DOC", type: "document", document: { id: "media-doc", mime_type: "application/pdf", filename: "boleto.pdf" } }));
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.R", type: "reaction", reaction: { message_id: "wamid.DOC", emoji: "👍" } }));
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.L", type: "location", location: { latitude: -23.55, longitude: -46.63, name: "Loja", address: "Av. Paulista" } }));
    await postWebhook(
      w.t,
      payloads.cloudMessage({ id: "wamid.C", type: "contacts", contacts: [{ name: { formatted_name: "Ana" }, phones: [{ phone: "+55 11 98888-0000", wa_id: "5511988880000" }] }] }),
    );
    await postWebhook(w.t, payloads.cloudMessage({ id: "wamid.Q", type: "text", text: { body: "e isso?" }, context: { from: WA_ID, id: "wamid.DOC" } }));
    const { messages } = await conversation();
    const by = Object.fromEntries(messages.map((m) => [m.providerId, m]));
    expect(JSON.parse(by["wamid.DOC"]!.dataJson)).toMatchObject({ fileName: "boleto.pdf", mimetype: "application/pdf" });
    expect(by["wamid.R"]).toMatchObject({ mediaType: "reactionMessage", body: "👍", quotedMsgId: by["wamid.DOC"]!.id });
    expect(by["wamid.L"]).toMatchObject({ mediaType: "locationMessage" });
    expect(JSON.parse(by["wamid.L"]!.dataJson)).toMatchObject({ latitude: -23.55, longitude: -46.63 });
    expect(JSON.parse(by["wamid.C"]!.dataJson)).toEqual({ name: "Ana", number: "5511988880000" });
    expect(by["wamid.Q"]!.quotedMsgId).toBe(by["wamid.DOC"]!.id);
  });

  it("a failed status is only logged; statuses of unknown messages change nothing", async () => {
    const res = await postWebhook(
      w.t,
      payloads.cloud({
        statuses: [
          { id: "wamid.UNKNOWN", status: "failed", timestamp: "1", recipient_id: WA_ID, errors: [{ code: 131047, title: "Re-engagement message" }] },
          { id: "wamid.UNKNOWN", status: "read", timestamp: "2", recipient_id: WA_ID },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(await rows(w.t, "messages", w.admin.companyId)).toEqual([]);
  });

  it("a number no connection links is ignored with 200", async () => {
    const payload = payloads.cloudMessage({ id: "wamid.X", type: "text", text: { body: "?" } });
    (payload.entry[0]!.changes[0]!.value.metadata as { phone_number_id: string }).phone_number_id = "999";
    expect((await postWebhook(w.t, payload)).status).toBe(200);
    expect(await rows(w.t, "messages", w.admin.companyId)).toEqual([]);
  });
});
