import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createContact } from "./contacts.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

describe("contacts: happy", () => {
  it("creates, reads, edits (with extra info) and deletes a contact", async () => {
    const created = await createContact(t, a.token, { name: "Maria Silva", number: "+55 (11) 8765-4321", email: "Maria@Exemplo.com", extraInfo: [{ name: "CPF", value: "123" }] });
    expect(created).toMatchObject({ name: "Maria Silva", number: "5511987654321", email: "maria@exemplo.com", active: true, isGroup: false, companyId: a.company.id, tags: [] });
    expect(created.extraInfo).toMatchObject([{ name: "CPF", value: "123" }]);

    const shown = await t.call("GET", `/contacts/${created.id}`, { token: a.token });
    expect(shown.body).toMatchObject({ id: created.id, number: "5511987654321" });

    const edited = await t.call("PUT", `/contacts/${created.id}`, {
      token: a.token,
      body: {
        name: "Maria S.",
        extraInfo: [
          { name: "Plano", value: "Ouro" },
          { name: "Cidade", value: "SP" },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe("Maria S.");
    expect(edited.body.extraInfo.map((e: { name: string }) => e.name)).toEqual(["Plano", "Cidade"]);

    expect((await t.call("DELETE", `/contacts/${created.id}`, { token: a.token })).status).toBe(200);
    expect((await t.call("GET", `/contacts/${created.id}`, { token: a.token })).status).toBe(404);
  });

  it("an extra-info row left empty in the form (name and value blank) is dropped, on create and on edit (issue 32)", async () => {
    const created = await t.call("POST", "/contacts", {
      token: a.token,
      body: { name: "Paula", number: "5511955554444", extraInfo: [{ name: "", value: "" }, { name: "CPF", value: "123" }, { name: "  ", value: " " }, { name: "" }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.extraInfo).toMatchObject([{ name: "CPF", value: "123" }]);
    const edited = await t.call("PUT", `/contacts/${created.body.id}`, { token: a.token, body: { extraInfo: [{ name: "", value: "" }] } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.extraInfo).toEqual([]);
    // A value without a name is still a mistake worth naming.
    const nameless = await t.call("PUT", `/contacts/${created.body.id}`, { token: a.token, body: { extraInfo: [{ name: "", value: "Ouro" }] } });
    expect(nameless.status).toBe(400);
    expect(nameless.body.fields).toEqual({ "extraInfo.0.name": "Required" });
  });

  it("pages 20 at a time, searches by name, number or e-mail, filters isGroup", async () => {
    for (let i = 0; i < 23; i++) await createContact(t, a.token, { name: `Cliente ${String(i).padStart(2, "0")}`, number: `55119000000${String(i).padStart(2, "0")}` });
    await createContact(t, a.token, { name: "Grupo Vendas", number: "120363025246125486@g.us" });
    const first = await t.call("GET", "/contacts", { token: a.token });
    expect(first.body).toMatchObject({ count: 24, hasMore: true });
    expect(first.body.contacts).toHaveLength(20);
    const second = await t.call("GET", "/contacts?pageNumber=2", { token: a.token });
    expect(second.body.contacts).toHaveLength(4);
    expect(second.body.hasMore).toBe(false);
    expect((await t.call("GET", "/contacts?searchParam=cliente%2007", { token: a.token })).body.count).toBe(1);
    expect((await t.call("GET", "/contacts?searchParam=90000001", { token: a.token })).body.count).toBe(10);
    const groups = await t.call("GET", "/contacts?isGroup=true", { token: a.token });
    expect(groups.body.contacts.map((c: { name: string }) => c.name)).toEqual(["Grupo Vendas"]);
    expect(groups.body.contacts[0].number).toBe("120363025246125486@g.us");
    expect((await t.call("GET", "/contacts?isGroup=false&channel=whatsapp", { token: a.token })).body.count).toBe(23);
    expect((await t.call("GET", "/contacts/list", { token: a.token })).body).toHaveLength(24);
  });

  it("blocks and unblocks, toggles accept-audio and the bot", async () => {
    const c = await createContact(t, a.token, { name: "João", number: "5521987654321" });
    const blocked = await t.call("PUT", `/contacts/block/${c.id}`, { token: a.token, body: { active: false } });
    expect(blocked.body.active).toBe(false);
    expect((await t.call("PUT", `/contacts/block/${c.id}`, { token: a.token })).body.active).toBe(true);
    const audio = await t.call("PUT", `/contacts/toggleAcceptAudio/${c.id}`, { token: a.token });
    expect(audio.body.acceptAudioMessage).toBe(!c.acceptAudioMessage);
    const bot = await t.call("PUT", `/contacts/toggleDisableBot/${c.id}`, { token: a.token });
    expect(bot.body.disableBot).toBe(true);
    expect((await t.call("PUT", `/contacts/toggleDisableBot/${c.id}`, { token: a.token })).body.disableBot).toBe(false);
  });

  it("a plain user creates and edits contacts too", async () => {
    const plain = await createUser(t, a.company.id);
    const c = await createContact(t, plain.token, { name: "Ana", number: "5531987654321" });
    expect((await t.call("PUT", `/contacts/${c.id}`, { token: plain.token, body: { email: "ana@x.com" } })).body.email).toBe("ana@x.com");
  });

  it("announces creations, changes and deletions on company-{id}-contact", async () => {
    const events: { event: string; payload: any }[] = [];
    const original = t.kernel.realtime.emit.bind(t.kernel.realtime);
    t.kernel.realtime.emit = (companyId, event, payload, room) => {
      events.push({ event, payload });
      original(companyId, event, payload, room);
    };
    const c = await createContact(t, a.token, { name: "Eva", number: "5511912345678" });
    await t.call("PUT", `/contacts/block/${c.id}`, { token: a.token });
    await t.call("DELETE", `/contacts/${c.id}`, { token: a.token });
    const mine = events.filter((e) => e.event === `company-${a.company.id}-contact`).map((e) => e.payload);
    expect(mine.map((p) => p.action)).toEqual(["create", "update", "delete"]);
    expect(mine[0].contact).toMatchObject({ id: c.id, name: "Eva" });
    expect(mine[2]).toEqual({ action: "delete", contactId: c.id });
  });
});
