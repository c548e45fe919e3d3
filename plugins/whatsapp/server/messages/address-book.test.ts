import type { Contact } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../../tests/support/fixtures.ts";
import { createWaConnection, type WaHarness, waHarness } from "./message-layer.fixtures.ts";

let h: WaHarness;
beforeEach(async () => {
  h = await waHarness();
});
afterEach(() => h.t.close());

/** What Baileys emits for the phone's address book (Contact, Baileys 7.0.0-rc14 Types/Contact.d.ts). */
const addressBook: Contact[] = [
  { id: "5511987654321@s.whatsapp.net", name: "Ana da Padaria", notify: "Ana" },
  { id: "187364512098765@lid", phoneNumber: "5521998887777@s.whatsapp.net", name: "Bruno Oficina" },
  // Known only by a lid the lid map has never paired with a number: nothing to import.
  { id: "999999999999999@lid", name: "Sem número" },
  { id: "120363025246125486@g.us", name: "Grupo da família" },
  { id: "status@broadcast", name: "Status" },
  // Not saved on the phone (only their own WhatsApp name): not the phone's address book.
  { id: "5531977776666@s.whatsapp.net", notify: "Carla" },
];

async function importBook(token = h.admin.token, whatsappId = h.connection.id) {
  const res = await h.t.call("POST", `/contacts/import/whatsapp/${whatsappId}`, { token, body: {} });
  for (let i = 0; i < 20 && (await h.t.kernel.jobs.runDue()) > 0; i += 1) {}
  return res;
}

describe("address book: happy", () => {
  it("keeps the phone's saved contacts from contacts.upsert / contacts.update and imports them as contacts", async () => {
    h.socket.emit("contacts.upsert", addressBook);
    h.socket.emit("contacts.update", [{ id: "5511987654321@s.whatsapp.net", name: "Ana Padaria" }]);
    await h.layer.idle();
    const res = await importBook();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ source: "whatsapp", whatsappId: h.connection.id, totalRows: 2, status: "queued" });
    const done = (await h.t.call("GET", `/contacts/import/${res.body.id}`, { token: h.admin.token })).body;
    expect(done).toMatchObject({ status: "done", created: 2, failed: 0 });
    const contacts = (await h.t.call("GET", "/contacts/list", { token: h.admin.token })).body as { name: string; number: string }[];
    expect(contacts.map((c) => [c.name, c.number])).toEqual([
      ["Ana Padaria", "5511987654321"],
      ["Bruno Oficina", "5521998887777"],
    ]);
  });

  it("reads a history sync's contacts too, and a lid paired later; merges with existing contacts by number", async () => {
    h.socket.onWhatsAppNumbers.add("5511987654321");
    expect((await h.t.call("POST", "/contacts", { token: h.admin.token, body: { name: "Ana Antiga", number: "5511987654321" } })).status).toBe(200);
    h.socket.emit("lid-mapping.update", { lid: "999999999999999@lid", pn: "5541966665555@s.whatsapp.net" });
    h.socket.emit("messaging-history.set", { chats: [], contacts: addressBook, messages: [], isLatest: true, progress: 100, syncType: 2 } as never);
    await h.layer.idle();
    const res = await importBook();
    const done = (await h.t.call("GET", `/contacts/import/${res.body.id}`, { token: h.admin.token })).body;
    expect(done).toMatchObject({ status: "done", totalRows: 3, created: 2, updated: 1 });
    const names = ((await h.t.call("GET", "/contacts/list", { token: h.admin.token })).body as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(["Ana da Padaria", "Bruno Oficina", "Sem número"]);
  });
});

describe("address book: errors and security", () => {
  it("a connection that is not connected, or not the caller's company's, is ERR_CONTACT_IMPORT_NO_SESSION", async () => {
    h.socket.emit("contacts.upsert", addressBook);
    await h.layer.idle();
    const other = await createCompanyWithAdmin(h.t, "Outra");
    const res = await importBook(other.token, h.connection.id);
    expect([res.status, res.body.error]).toEqual([400, "ERR_CONTACT_IMPORT_NO_SESSION"]);
    expect((await h.t.call("GET", "/contacts/list", { token: other.token })).body).toEqual([]);
    const offline = await createWaConnection(h.t, h.admin.token, { name: "Desligada" });
    expect((await importBook(h.admin.token, offline.id)).body.error).toBe("ERR_CONTACT_IMPORT_NO_SESSION");
    h.sessions.close(h.connection.id);
    expect((await importBook()).body.error).toBe("ERR_CONTACT_IMPORT_NO_SESSION");
  });

  it("address books are per connection: another connection's entries are not imported", async () => {
    h.socket.emit("contacts.upsert", addressBook);
    await h.layer.idle();
    const second = await createWaConnection(h.t, h.admin.token, { name: "Segunda" });
    h.sessions.open(h.admin.companyId, second.id, "5511900000002");
    const res = await importBook(h.admin.token, second.id);
    expect((await h.t.call("GET", `/contacts/import/${res.body.id}`, { token: h.admin.token })).body).toMatchObject({ status: "done", totalRows: 0, created: 0 });
  });
});
