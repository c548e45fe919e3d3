import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

const contact = async (token: string, number = "5511987654321") => (await t.call("POST", "/contacts", { token, body: { name: "Ana", number } })).body as { id: number };
const tag = async (token: string, body: Record<string, unknown>) => (await t.call("POST", "/tags", { token, body })).body;

describe("tags: happy", () => {
  it("creates with a random colour and timeLane 0, edits, lists, deletes", async () => {
    const created = await tag(a.token, { name: "VIP" });
    expect(created).toMatchObject({ name: "VIP", kanban: 0, timeLane: 0, userId: a.user.id, companyId: a.company.id });
    expect(created.color).toMatch(/^#[0-9a-f]{6}$/);
    const edited = await t.call("PUT", `/tags/${created.id}`, { token: a.token, body: { name: "Cliente VIP", color: "#FF0000" } });
    expect(edited.body).toMatchObject({ name: "Cliente VIP", color: "#FF0000" });
    await tag(a.token, { name: "Etapa 1", kanban: 1 });
    const page = await t.call("GET", "/tags?searchParam=vip", { token: a.token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false, tags: [{ name: "Cliente VIP", contactsCount: 0 }] });
    expect((await t.call("GET", "/tags?kanban=1", { token: a.token })).body.tags.map((x: { name: string }) => x.name)).toEqual(["Etapa 1"]);
    expect((await t.call("GET", "/tags/list", { token: a.token })).body).toHaveLength(2);
    expect((await t.call("GET", "/tags/list?kanban=0", { token: a.token })).body.map((x: { name: string }) => x.name)).toEqual(["Cliente VIP"]);
    expect((await t.call("DELETE", `/tags/${created.id}`, { token: a.token })).status).toBe(200);
    expect((await t.call("GET", `/tags/${created.id}`, { token: a.token })).status).toBe(404);
  });

  it("sync replaces a contact's tags, creating new ones by name, and counts contacts per tag", async () => {
    const c = await contact(a.token);
    const vip = await tag(a.token, { name: "VIP" });
    const res = await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: c.id, tags: [{ id: vip.id, name: "VIP" }, { name: "Atacado" }, { name: "vip" }] } });
    expect(res.status).toBe(200);
    expect(res.body.tags.map((x: { name: string }) => x.name)).toEqual(["Atacado", "VIP"]);
    expect((await t.call("GET", `/contactTags/${c.id}`, { token: a.token })).body.tags).toHaveLength(2);
    expect((await t.call("GET", `/contacts/${c.id}`, { token: a.token })).body.tags.map((x: { name: string }) => x.name)).toEqual(["Atacado", "VIP"]);
    const page = await t.call("GET", "/tags", { token: a.token });
    expect(page.body.tags.map((x: { name: string; contactsCount: number }) => [x.name, x.contactsCount])).toEqual([
      ["Atacado", 1],
      ["VIP", 1],
    ]);
    // The original clients read the count as `contacts` (issue 32): both name the same number.
    expect(page.body.tags.map((x: { name: string; contacts: number }) => [x.name, x.contacts])).toEqual([
      ["Atacado", 1],
      ["VIP", 1],
    ]);

    const cleared = await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: c.id, tags: [] } });
    expect(cleared.body.tags).toEqual([]);
    expect((await t.call("GET", "/tags/list", { token: a.token })).body).toHaveLength(2);
  });

  it("deleting a tag or a contact removes the links", async () => {
    const c = await contact(a.token);
    const vip = await tag(a.token, { name: "VIP" });
    await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: c.id, tags: [{ id: vip.id }] } });
    await t.call("DELETE", `/tags/${vip.id}`, { token: a.token });
    expect((await t.call("GET", `/contactTags/${c.id}`, { token: a.token })).body.tags).toEqual([]);
    const other = await tag(a.token, { name: "Outra" });
    await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: c.id, tags: [{ id: other.id }] } });
    await t.call("DELETE", `/contacts/${c.id}`, { token: a.token });
    expect((await t.call("GET", "/tags", { token: a.token })).body.tags[0].contactsCount).toBe(0);
  });

  it("announces on company-{id}-tag and re-announces the contact after a sync", async () => {
    const sent: { event: string; payload: any }[] = [];
    t.kernel.realtime.emit = (_c, event, payload) => void sent.push({ event, payload });
    const c = await contact(a.token);
    const vip = await tag(a.token, { name: "VIP" });
    await t.call("PUT", `/tags/${vip.id}`, { token: a.token, body: { color: "#00ff00" } });
    await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: c.id, tags: [{ name: "Novo" }] } });
    await t.call("DELETE", `/tags/${vip.id}`, { token: a.token });
    const tagEvents = sent.filter((s) => s.event === `company-${a.company.id}-tag`).map((s) => s.payload);
    expect(tagEvents.map((p) => [p.action, p.tag?.name ?? p.tagId])).toEqual([
      ["create", "VIP"],
      ["update", "VIP"],
      ["create", "Novo"],
      ["delete", vip.id],
    ]);
    const contactUpdate = sent.filter((s) => s.event === `company-${a.company.id}-contact` && s.payload.action === "update").at(-1);
    expect(contactUpdate?.payload.contact.tags.map((x: { name: string }) => x.name)).toEqual(["Novo"]);
  });

  it('reads the spec form\'s empty lanes ([], "", null, false, 0) as none, and takes a lane id as number or digits', async () => {
    for (const [i, empty] of [[], "", null, false, 0].entries()) {
      const res = await t.call("POST", "/tags", { token: a.token, body: { name: `Etapa ${i}`, kanban: 1, nextLaneId: empty, rollbackLaneId: empty } });
      expect(res.status, JSON.stringify({ empty, body: res.body })).toBe(200);
      expect(res.body).toMatchObject({ nextLaneId: null, rollbackLaneId: null });
    }
    const next = await tag(a.token, { name: "Seguinte", kanban: 1 });
    const lane = await tag(a.token, { name: "Com destino", kanban: 1, nextLaneId: String(next.id), rollbackLaneId: [] });
    expect(lane).toMatchObject({ nextLaneId: next.id, rollbackLaneId: null });
    const cleared = await t.call("PUT", `/tags/${lane.id}`, { token: a.token, body: { nextLaneId: [] } });
    expect(cleared.body.nextLaneId).toBeNull();
  });

  it("a plain user may use tags", async () => {
    const plain = await createUser(t, a.company.id);
    expect((await t.call("POST", "/tags", { token: plain.token, body: { name: "Suporte" } })).status).toBe(200);
  });
});

describe("tags: errors", () => {
  it("names the field with the spec's messages", async () => {
    expect((await t.call("POST", "/tags", { token: a.token, body: {} })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Required" } });
    expect((await t.call("POST", "/tags", { token: a.token, body: { name: "" } })).body.fields).toEqual({ name: "Obrigatório" });
    expect((await t.call("POST", "/tags", { token: a.token, body: { name: "ab" } })).body.fields).toEqual({ name: "Mensagem muito curta" });
    expect((await t.call("POST", "/tags", { token: a.token, body: { name: "Cor", color: "red" } })).body.fields).toEqual({ color: "Invalid color" });
  });

  it("tag names are unique per company, ignoring case", async () => {
    await tag(a.token, { name: "VIP" });
    const dup = await t.call("POST", "/tags", { token: a.token, body: { name: "vip" } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_DUPLICATED_NAME");
    const b = await createCompanyWithAdmin(t, "Beta");
    expect((await t.call("POST", "/tags", { token: b.token, body: { name: "VIP" } })).status).toBe(200);
  });

  it("a new tag typed in sync needs 3 characters", async () => {
    const c = await contact(a.token);
    const res = await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: c.id, tags: [{ name: "ab" }] } });
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { tags: "Tag muito curta!" } });
  });

  it("unknown ids answer 404; bad input is a validation error", async () => {
    expect((await t.call("PUT", "/tags/999", { token: a.token, body: { name: "Nada" } })).status).toBe(404);
    expect((await t.call("DELETE", "/tags/999", { token: a.token })).status).toBe(404);
    expect((await t.call("GET", "/contactTags/999", { token: a.token })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: 999, tags: [] } })).body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await t.call("POST", "/tags/sync", { token: a.token, body: { tags: "x" } })).status).toBe(400);
    expect((await t.call("GET", "/tags?kanban=2", { token: a.token })).status).toBe(400);
    expect((await t.call("POST", "/tags", { token: a.token, body: { name: "Lane", nextLaneId: 999 } })).body.fields).toEqual({ nextLaneId: "Invalid tag" });
  });

  it("an edit that changes nothing, or an id spelled other than in plain digits, is a validation error", async () => {
    const row = await tag(a.token, { name: "Fixo" });
    for (const body of [{}, { unknown: 1 }]) {
      const res = await t.call("PUT", `/tags/${row.id}`, { token: a.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { body: "Nothing to update" } });
    }
    for (const id of ["0x1", `%20${row.id}`, "1e0", `+${row.id}`, `0${row.id}`]) {
      const res = await t.call("GET", `/tags/${id}`, { token: a.token });
      expect(res.status, id).toBe(400);
      expect(res.body.fields).toEqual({ id: "Invalid id" });
    }
  });

  it("a lane is an id or one of the empties: a list with ids, true or a hex string is refused", async () => {
    for (const nextLaneId of [[1], true, "0x10", -2, 1.5]) {
      const res = await t.call("POST", "/tags", { token: a.token, body: { name: "Lane", nextLaneId } });
      expect(res.status, JSON.stringify(nextLaneId)).toBe(400);
      expect(res.body.fields).toEqual({ nextLaneId: "Invalid value" });
    }
  });
});

describe("tags: security", () => {
  it("company B cannot see, change or delete A's tags", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const vip = await tag(a.token, { name: "VIP Alfa" });
    expect((await t.call("GET", `/tags/${vip.id}`, { token: b.token })).status).toBe(404);
    expect((await t.call("PUT", `/tags/${vip.id}`, { token: b.token, body: { name: "Hacked" } })).status).toBe(404);
    expect((await t.call("DELETE", `/tags/${vip.id}`, { token: b.token })).status).toBe(404);
    expect((await t.call("GET", "/tags?searchParam=VIP", { token: b.token })).body.count).toBe(0);
    expect((await t.call("GET", "/tags/list", { token: b.token })).body).toEqual([]);
    expect((await t.call("GET", `/tags/${vip.id}`, { token: a.token })).body.name).toBe("VIP Alfa");
  });

  it("sync cannot attach B's tags to A's contact, nor touch B's contact", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const ca = await contact(a.token);
    const cb = await contact(b.token, "5511912345678");
    const tb = await tag(b.token, { name: "Beta tag" });
    const ta = await tag(a.token, { name: "Alfa tag" });
    const foreignTag = await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: ca.id, tags: [{ id: tb.id }] } });
    expect(foreignTag.status).toBe(404);
    const foreignContact = await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: cb.id, tags: [{ id: ta.id }] } });
    expect(foreignContact.body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await t.call("GET", `/contactTags/${cb.id}`, { token: a.token })).status).toBe(404);
    expect((await t.call("GET", `/contactTags/${ca.id}`, { token: a.token })).body.tags).toEqual([]);
    expect((await t.call("GET", `/contactTags/${cb.id}`, { token: b.token })).body.tags).toEqual([]);
  });

  it("lanes may not point at another company's tags", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const tb = await tag(b.token, { name: "Beta lane", kanban: 1 });
    const res = await t.call("POST", "/tags", { token: a.token, body: { name: "Alfa lane", kanban: 1, nextLaneId: tb.id } });
    expect(res.status).toBe(400);
  });

  it("needs a login", async () => {
    expect((await t.call("GET", "/tags")).status).toBe(401);
  });
});
