import { afterEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { createWaConnection, messageOf, rows, type WaHarness, waHarness } from "./message-layer.fixtures.ts";
import { CUSTOMER, CUSTOMER_JID, CUSTOMER_LID, CUSTOMER_LID_JID, GROUP_ID, GROUP_JID, payloads, waMessage } from "./wa-payloads.fixtures.ts";

let h: WaHarness;
afterEach(() => h.t.close());

const stored = (id: string) => messageOf(h.t, h.admin.companyId, id);

describe("inbound: media limits and failures (the message is never lost)", () => {
  it("a file WhatsApp announces above the download limit is not downloaded: an informative text is stored", async () => {
    h = await waHarness({ env: { UPLOAD_MAX_BYTES: "10000" } });
    const download = vi.spyOn(h.boundary, "downloadMedia");
    const msg = waMessage(payloads.document("planilha.pdf", undefined, 50_000));
    h.boundary.media.set(msg.key.id!, new Uint8Array(50_000));
    await h.deliver([msg]);
    expect(download).not.toHaveBeenCalled();
    const m = await stored(msg.key.id!);
    expect(m).toMatchObject({ mediaType: "application", mediaUrl: null });
    expect(m!.body).toContain("planilha.pdf");
    expect(m!.body).toContain("acima do limite de download");
    expect(JSON.parse(m!.dataJson)).toMatchObject({ error: "too_large", fileLength: 50_000, fileName: "planilha.pdf" });
  });

  it("bytes above the limit (size not announced) are refused after download the same way", async () => {
    h = await waHarness({ env: { UPLOAD_MAX_BYTES: "10000" } });
    const msg = waMessage(payloads.image("grande", 0));
    delete (msg.message!.imageMessage as { fileLength?: unknown }).fileLength;
    h.boundary.media.set(msg.key.id!, new Uint8Array(20_000));
    await h.deliver([msg]);
    const m = await stored(msg.key.id!);
    expect(m).toMatchObject({ mediaType: "image", mediaUrl: null });
    expect(m!.body).toContain("grande");
    expect(m!.body).toContain("acima do limite");
  });

  it("the platform's downloadLimit setting (MB) applies", async () => {
    h = await waHarness();
    await h.t.kernel.settings.setGlobal(1, "downloadLimit", "1");
    const msg = waMessage(payloads.video(undefined, 2 * 1024 * 1024));
    await h.deliver([msg]);
    expect((await stored(msg.key.id!))!.body).toContain("1,0 MB");
  });

  it("a failed download stores a clear body with the media type kept, and logs ERR_WAPP_DOWNLOAD_MEDIA", async () => {
    h = await waHarness({ env: { LOG_LEVEL: "error" } });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const msg = waMessage(payloads.voice());
    // nothing registered in boundary.media: the fake's CDN answers 404
    await h.deliver([msg]);
    const m = await stored(msg.key.id!);
    expect(m).toMatchObject({ mediaType: "audio", mediaUrl: null });
    expect(m!.body).toContain("Não foi possível baixar a mídia");
    expect(JSON.parse(m!.dataJson)).toMatchObject({ error: "download_failed" });
    expect(log.mock.calls.some(([text]) => String(text).includes("ERR_WAPP_DOWNLOAD_MEDIA"))).toBe(true);
  });
});

describe("inbound: no loss, no duplicates", () => {
  it("the same message delivered twice (and again after a reconnect) is stored once", async () => {
    h = await waHarness();
    const msg = waMessage(payloads.text("uma vez só"));
    await h.deliver([msg]);
    await h.deliver([msg]);
    const again = h.sessions.open(h.admin.companyId, h.connection.id);
    await h.deliver([msg], "notify", again);
    expect((await rows(h.t, "messages", h.admin.companyId)).filter((m) => m.providerId === msg.key.id)).toHaveLength(1);
    expect((await rows(h.t, "tickets", h.admin.companyId))[0]!.unreadMessages).toBe(1);
  });

  it("a replaced socket is detached: the old one's events are not processed any more", async () => {
    h = await waHarness();
    const old = h.socket;
    const fresh = h.sessions.open(h.admin.companyId, h.connection.id);
    await h.deliver([waMessage(payloads.text("pelo socket antigo"))], "notify", old);
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(0);
    await h.deliver([waMessage(payloads.text("pelo novo"))], "notify", fresh);
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(1);
  });

  it("a burst of 50 messages from a new number, in separate upserts at once, makes one contact and one ticket", async () => {
    h = await waHarness();
    const burst = Array.from({ length: 50 }, (_, i) => waMessage(payloads.text(`mensagem ${i}`), { chat: "5511955550000@s.whatsapp.net", pushName: "Rajada" }));
    for (const m of burst) h.socket.deliver([m]);
    await h.layer.idle();
    const tickets = await rows(h.t, "tickets", h.admin.companyId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.unreadMessages).toBe(50);
    expect((await rows(h.t, "contacts", h.admin.companyId)).filter((c) => c.number === "5511955550000")).toHaveLength(1);
    const bodies = (await rows(h.t, "messages", h.admin.companyId)).map((m) => m.body);
    // stored in the order WhatsApp delivered them
    expect(bodies).toEqual(burst.map((_, i) => `mensagem ${i}`));
  });

  it("a message that arrived late (phone offline) keeps WhatsApp's time; a live one is stamped on arrival", async () => {
    h = await waHarness();
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const late = waMessage(payloads.text("de uma hora atrás"), { timestamp: hourAgo });
    const live = waMessage(payloads.text("agora"));
    await h.deliver([late, live]);
    expect((await stored(late.key.id!))!.createdAt).toBe(new Date(hourAgo * 1000).toISOString());
    expect(Math.abs(Date.parse((await stored(live.key.id!))!.createdAt) - Date.now())).toBeLessThan(10_000);
  });
});

describe("inbound: groups", () => {
  const groupMessage = (text: string) => waMessage(payloads.text(text), { chat: GROUP_JID, participant: "5511944443333@s.whatsapp.net", pushName: "Membro" });

  it("with groupAsTicket disabled (the default) group messages are ignored", async () => {
    h = await waHarness();
    await h.deliver([groupMessage("oi grupo")]);
    expect(await rows(h.t, "messages", h.admin.companyId)).toHaveLength(0);
  });

  it("with groupAsTicket enabled a group is one contact (its subject) and ticket; the author is the participant", async () => {
    h = await waHarness({ connection: { groupAsTicket: "enabled" } });
    const metadata = vi.spyOn(h.socket, "groupMetadata").mockResolvedValue({ id: GROUP_JID, subject: "Clientes VIP", participants: [] } as never);
    const first = groupMessage("oi grupo");
    const second = waMessage(payloads.text("tudo bem?"), { chat: GROUP_JID, participant: `${CUSTOMER_LID}@lid`, participantAlt: CUSTOMER_JID });
    await h.deliver([first, second]);
    const contacts = (await rows(h.t, "contacts", h.admin.companyId)).filter((c) => c.isGroup);
    expect(contacts).toEqual([expect.objectContaining({ number: GROUP_ID, name: "Clientes VIP", isGroup: true })]);
    const tickets = await rows(h.t, "tickets", h.admin.companyId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ isGroup: true, contactId: contacts[0]!.id });
    expect(await stored(first.key.id!)).toMatchObject({ body: "oi grupo", participant: "5511944443333" });
    // a lid author is shown by the number WhatsApp paired with it
    expect((await stored(second.key.id!))!.participant).toBe(CUSTOMER);
    // the subject is fetched once and cached
    expect(metadata).toHaveBeenCalledTimes(1);
  });
});

describe("inbound: @lid identities", () => {
  it("a lid message carrying the number (remoteJidAlt) goes to the number's contact and teaches the map", async () => {
    h = await waHarness();
    const byPn = waMessage(payloads.text("pelo número"), { chat: CUSTOMER_JID });
    const byLid = waMessage(payloads.text("pelo lid"), { chat: CUSTOMER_LID_JID, remoteJidAlt: CUSTOMER_JID });
    const lidOnly = waMessage(payloads.text("só o lid, depois"), { chat: CUSTOMER_LID_JID });
    await h.deliver([byPn, byLid]);
    await h.deliver([lidOnly]);
    const contacts = await rows(h.t, "contacts", h.admin.companyId);
    expect(contacts.map((c) => c.number)).toEqual([CUSTOMER]);
    expect(await rows(h.t, "tickets", h.admin.companyId)).toHaveLength(1);
    expect(await rows(h.t, "whatsapp_lid_map", h.admin.companyId)).toEqual([expect.objectContaining({ lid: CUSTOMER_LID, number: CUSTOMER })]);
  });

  it("lid-mapping.update teaches the map before any message carries both", async () => {
    h = await waHarness();
    h.socket.emit("lid-mapping.update", { lid: CUSTOMER_LID_JID, pn: CUSTOMER_JID });
    await h.deliver([waMessage(payloads.text("oi"), { chat: CUSTOMER_LID_JID })]);
    expect((await rows(h.t, "contacts", h.admin.companyId)).map((c) => c.number)).toEqual([CUSTOMER]);
  });

  it("an unknown lid is kept as its digits and nothing is recorded in the map", async () => {
    h = await waHarness();
    await h.deliver([waMessage(payloads.text("quem sou eu?"), { chat: "99887766554433@lid" })]);
    expect((await rows(h.t, "contacts", h.admin.companyId)).map((c) => c.number)).toEqual(["99887766554433"]);
    expect(await rows(h.t, "whatsapp_lid_map", h.admin.companyId)).toHaveLength(0);
  });

  it("the map is per company: another company's pairing is not used", async () => {
    h = await waHarness();
    h.socket.emit("lid-mapping.update", { lid: CUSTOMER_LID_JID, pn: CUSTOMER_JID });
    const other = await createCompanyWithAdmin(h.t, "Outra");
    const conn = await createWaConnection(h.t, other.token);
    const otherSocket = h.sessions.open(other.company.id, conn.id, "5511900000002");
    await h.deliver([waMessage(payloads.text("oi"), { chat: CUSTOMER_LID_JID })], "notify", otherSocket);
    expect((await rows(h.t, "contacts", other.company.id)).map((c) => c.number)).toEqual([CUSTOMER_LID]);
    expect(await rows(h.t, "whatsapp_lid_map", other.company.id)).toHaveLength(0);
    expect(await rows(h.t, "whatsapp_lid_map", h.admin.companyId)).toHaveLength(1);
  });
});
