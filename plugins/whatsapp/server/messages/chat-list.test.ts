import type { Chat, ChatUpdate, Contact } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { createWaConnection, type WaHarness, waHarness } from "./message-layer.fixtures.ts";

/**
 * The phone book the original client imports from (issue 32): `POST /contacts/import` (the
 * phone's saved contacts) and `POST /contacts/import/chats` (the people of its chats), read
 * from what Baileys 7 sent the session, through the real server and the contacts import's job.
 */
let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.t.close();
});

/** A history sync's chats (Chat = proto.IConversation, Baileys 7.0.0-rc14 Types/Chat.d.ts), as WhatsApp lists them. */
const historyChats: Chat[] = [
  { id: "5511987654321@s.whatsapp.net", name: "Ana da Padaria", conversationTimestamp: 1_722_000_000, unreadCount: 0 },
  // A chat addressed by the person's lid, with its phone number alongside.
  { id: "187364512098765@lid", pnJid: "5521998887777@s.whatsapp.net", conversationTimestamp: 1_722_000_100, unreadCount: 2 },
  // Not saved on the phone, no chat name: named by their own WhatsApp name (contacts.upsert below).
  { id: "5531977776666@s.whatsapp.net", conversationTimestamp: 1_722_000_200 },
  // Not people: a group, the status broadcast, a channel; and a lid never paired with a number.
  { id: "120363025246125486@g.us", name: "Grupo da família", conversationTimestamp: 1_722_000_300 },
  { id: "status@broadcast", conversationTimestamp: 1_722_000_400 },
  { id: "120363144038483540@newsletter", name: "Canal", conversationTimestamp: 1_722_000_500 },
  { id: "999999999999999@lid", conversationTimestamp: 1_722_000_600 },
];
const book: Contact[] = [
  { id: "5511987654321@s.whatsapp.net", name: "Ana Padaria", notify: "Ana" },
  { id: "5531977776666@s.whatsapp.net", notify: "Carla" },
  { id: "5541955554444@s.whatsapp.net", name: "Davi Saved" },
];

async function post(path: string, body?: unknown, token = h.admin.token) {
  const res = await h.t.call("POST", path, { token, body });
  for (let i = 0; i < 50 && (await h.t.kernel.jobs.runDue()) > 0; i += 1) {}
  return res;
}
const contacts = async (token = h.admin.token) => ((await h.t.call("GET", "/contacts/list", { token })).body as { name: string; number: string }[]).map((c) => [c.name, c.number]);
const state = async (id: number) => (await h.t.call("GET", `/contacts/import/${id}`, { token: h.admin.token })).body;

describe("POST /contacts/import/chats: happy", () => {
  it("imports the people of the connection's chats (history sync, chats.upsert, chats.update), with the best name known", async () => {
    h.socket.emit("contacts.upsert", book);
    h.socket.emit("messaging-history.set", { chats: historyChats, contacts: [], messages: [], isLatest: true, progress: 100, syncType: 2 } as never);
    h.socket.emit("chats.upsert", [{ id: "5551933332222@s.whatsapp.net", name: 'Eva "Bia", Santos', conversationTimestamp: 1_722_000_700 }] satisfies Chat[]);
    // A live message's chat: Baileys reports it as an update with the time and the unread count.
    h.socket.emit("chats.update", [{ id: "5561922221111@s.whatsapp.net", conversationTimestamp: 1_722_000_800, unreadCount: 1 }] satisfies ChatUpdate[]);
    await h.layer.idle();
    const emit = vi.spyOn(h.t.kernel.realtime, "emit");
    const res = await post("/contacts/import/chats");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "queued", source: "file", format: "csv", fileName: `whatsapp-${h.connection.id}-chats.csv`, companyId: h.admin.companyId });
    expect(await state(res.body.id)).toMatchObject({ status: "done", totalRows: 5, created: 5, failed: 0 });
    expect(await contacts()).toEqual([
      ["5521998887777", "5521998887777"],
      ["5561922221111", "5561922221111"],
      ["Ana Padaria", "5511987654321"],
      ["Carla", "5531977776666"],
      // Quotes and commas survive the CSV the chats are kept in.
      ['Eva "Bia", Santos', "5551933332222"],
    ]);
    const told = emit.mock.calls.filter(([, event]) => event === `company-${h.admin.companyId}-contact`);
    expect(told).toHaveLength(5);
  });

  it("a chat deleted on the phone is left out; a lid paired later is imported; existing contacts merge by number", async () => {
    h.socket.onWhatsAppNumbers.add("5511987654321");
    expect((await h.t.call("POST", "/contacts", { token: h.admin.token, body: { name: "Ana Antiga", number: "5511987654321" } })).status).toBe(200);
    h.socket.emit("messaging-history.set", { chats: historyChats, contacts: [], messages: [], isLatest: true, progress: 100, syncType: 2 } as never);
    h.socket.emit("chats.delete", ["5531977776666@s.whatsapp.net"]);
    h.socket.emit("lid-mapping.update", { lid: "999999999999999@lid", pn: "5541966665555@s.whatsapp.net" });
    h.socket.emit("chats.update", [{ id: "999999999999999@lid", unreadCount: 1 }] satisfies ChatUpdate[]);
    await h.layer.idle();
    const res = await post("/contacts/import/chats", { whatsappId: h.connection.id, tags: ["Chats"] });
    expect(await state(res.body.id)).toMatchObject({ status: "done", totalRows: 3, created: 2, updated: 1 });
    const list = (await h.t.call("GET", "/contacts/list", { token: h.admin.token })).body as { name: string; number: string; tags: { name: string }[] }[];
    expect(list.map((c) => [c.name, c.number, c.tags.map((t) => t.name)])).toEqual([
      ["5521998887777", "5521998887777", ["Chats"]],
      ["5541966665555", "5541966665555", ["Chats"]],
      // Merged like a file's row: a name the phone knows replaces the one the contact had.
      ["Ana da Padaria", "5511987654321", ["Chats"]],
    ]);
  });
});

describe("POST /contacts/import: happy", () => {
  it("without a body, imports the default connection's saved contacts; with whatsappId, that connection's", async () => {
    h.socket.emit("contacts.upsert", book);
    await h.layer.idle();
    const res = await post("/contacts/import");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "queued", source: "whatsapp", whatsappId: h.connection.id, totalRows: 2 });
    expect(await state(res.body.id)).toMatchObject({ status: "done", created: 2 });
    expect(await contacts()).toEqual([
      ["Ana Padaria", "5511987654321"],
      ["Davi Saved", "5541955554444"],
    ]);
    const second = await createWaConnection(h.t, h.admin.token, { name: "Segunda" });
    h.sessions.open(h.admin.companyId, second.id, "5511900000002");
    const other = await post("/contacts/import/", { whatsappId: String(second.id) });
    expect(other.body).toMatchObject({ whatsappId: second.id, totalRows: 0 });
  });

  it("a plain user may import too", async () => {
    const plain = await createUser(h.t, h.admin.companyId);
    h.socket.emit("contacts.upsert", book);
    await h.layer.idle();
    expect((await post("/contacts/import", {}, plain.token)).status).toBe(200);
    expect((await post("/contacts/import/chats", {}, plain.token)).status).toBe(200);
  });
});

describe("POST /contacts/import and /contacts/import/chats: errors and security", () => {
  for (const path of ["/contacts/import", "/contacts/import/chats"]) {
    it(`${path}: another company's connection is not found; nothing of it is read`, async () => {
      h.socket.emit("contacts.upsert", book);
      h.socket.emit("messaging-history.set", { chats: historyChats, contacts: [], messages: [], isLatest: true, progress: 100, syncType: 2 } as never);
      await h.layer.idle();
      const other = await createCompanyWithAdmin(h.t, "Outra");
      const res = await post(path, { whatsappId: h.connection.id }, other.token);
      expect([res.status, res.body.error]).toEqual([404, "ERR_NO_WAPP_FOUND"]);
      // Without a connection of its own, the other company has no default either.
      expect((await post(path, undefined, other.token)).body.error).toBe("ERR_NO_DEF_WAPP_FOUND");
      expect(await contacts(other.token)).toEqual([]);
      expect((await h.t.call("GET", "/contacts/import/list", { token: other.token })).body.imports).toEqual([]);
    });

    it(`${path}: a channel without a phone is ERR_CONTACT_IMPORT_CHANNEL; a connection not connected ERR_CONTACT_IMPORT_NO_SESSION`, async () => {
      const api = await createWaConnection(h.t, h.admin.token, { name: "Integração", channel: "api" });
      expect((await post(path, { whatsappId: api.id })).body.error).toBe("ERR_CONTACT_IMPORT_CHANNEL");
      const offline = await createWaConnection(h.t, h.admin.token, { name: "Desligada" });
      expect((await post(path, { whatsappId: offline.id })).body.error).toBe("ERR_CONTACT_IMPORT_NO_SESSION");
      h.sessions.close(h.connection.id);
      const res = await post(path);
      expect([res.status, res.body.error]).toEqual([400, "ERR_CONTACT_IMPORT_NO_SESSION"]);
      expect((await h.t.call("GET", "/contacts/import/list", { token: h.admin.token })).body.imports).toEqual([]);
    });

    it(`${path}: bad input is a validation error naming the field`, async () => {
      for (const body of [{ whatsappId: "abc" }, { whatsappId: -1 }, { tags: ["x"] }, { tags: "VIP" }]) {
        const res = await post(path, body);
        expect([JSON.stringify(body), res.status, res.body.error]).toEqual([JSON.stringify(body), 400, "ERR_VALIDATION"]);
      }
    });
  }

  it("chats are per connection: another connection's chats are not imported", async () => {
    h.socket.emit("messaging-history.set", { chats: historyChats, contacts: [], messages: [], isLatest: true, progress: 100, syncType: 2 } as never);
    await h.layer.idle();
    const second = await createWaConnection(h.t, h.admin.token, { name: "Segunda" });
    h.sessions.open(h.admin.companyId, second.id, "5511900000002");
    const res = await post("/contacts/import/chats", { whatsappId: second.id });
    expect(await state(res.body.id)).toMatchObject({ status: "done", totalRows: 0, created: 0 });
  });
});
