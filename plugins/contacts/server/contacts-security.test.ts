import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createContact, hideNumbers } from "./contacts.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let b: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  b = await createCompanyWithAdmin(t, "Beta");
});
afterEach(() => t.close());

describe("contacts: security — tenancy", () => {
  it("company B cannot read, change, block or delete company A's contacts", async () => {
    const c = await createContact(t, a.token, { name: "Segredo Alfa", number: "5511987654321" });
    const calls = [
      ["GET", `/contacts/${c.id}`],
      ["PUT", `/contacts/${c.id}`],
      ["DELETE", `/contacts/${c.id}`],
      ["PUT", `/contacts/block/${c.id}`],
      ["PUT", `/contacts/toggleAcceptAudio/${c.id}`],
      ["PUT", `/contacts/toggleDisableBot/${c.id}`],
    ] as const;
    for (const [method, path] of calls) {
      const res = await t.call(method, path, { token: b.token, body: method === "PUT" ? { name: "Hacked", active: false } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const after = await t.call("GET", `/contacts/${c.id}`, { token: a.token });
    expect(after.body).toMatchObject({ name: "Segredo Alfa", active: true, disableBot: false });
  });

  it("search and lists never show another company's contacts", async () => {
    await createContact(t, a.token, { name: "Segredo Alfa", number: "5511987654321" });
    const page = await t.call("GET", "/contacts?searchParam=Segredo", { token: b.token });
    expect(page.body).toMatchObject({ contacts: [], count: 0 });
    expect((await t.call("GET", "/contacts?searchParam=98765", { token: b.token })).body.count).toBe(0);
    expect((await t.call("GET", `/contacts/list?companyId=${a.company.id}`, { token: b.token })).body).toEqual([]);
  });

  it("the company comes from the token, never from the body; one number may exist in two companies", async () => {
    await createContact(t, a.token, { name: "Ana", number: "5511987654321" });
    const res = await t.call("POST", "/contacts", { token: b.token, body: { name: "Ana B", number: "5511987654321", companyId: a.company.id } });
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBe(b.company.id);
  });

  it("every route needs a login", async () => {
    expect((await t.call("GET", "/contacts")).status).toBe(401);
    expect((await t.call("POST", "/contacts", { body: { name: "Ana", number: "5511987654321" } })).status).toBe(401);
  });
});

describe("contacts: security — delete rule", () => {
  it("only holders of contacts-page:deleteContact (admins) delete", async () => {
    const plain = await createUser(t, a.company.id);
    const c = await createContact(t, a.token, { name: "Ana", number: "5511987654321" });
    const denied = await t.call("DELETE", `/contacts/${c.id}`, { token: plain.token });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("DELETE", `/contacts/${c.id}`, { token: a.token })).status).toBe(200);
  });

  it("the rule is in the admin's session, not the plain user's", async () => {
    const plain = await createUser(t, a.company.id);
    const me = (token: string) => t.call("GET", "/auth/me", { token });
    expect(JSON.stringify((await me(a.token)).body)).toContain("contacts-page:deleteContact");
    expect(JSON.stringify((await me(plain.token)).body)).not.toContain("contacts-page:deleteContact");
  });
});

describe("contacts: security — LGPD number hiding", () => {
  it("a plain user sees numbers masked when lgpdHideNumber is enabled; the admin sees them whole", async () => {
    const plain = await createUser(t, a.company.id);
    const c = await createContact(t, a.token, { name: "Ana", number: "5511987654321" });
    expect((await t.call("GET", `/contacts/${c.id}`, { token: plain.token })).body.number).toBe("5511987654321");

    await hideNumbers(t, a.company.id);
    for (const path of [`/contacts/${c.id}`, "/contacts", "/contacts/list"]) {
      const res = await t.call("GET", path, { token: plain.token });
      expect(JSON.stringify(res.body), path).not.toContain("5511987654321");
      expect(JSON.stringify(res.body), path).toContain("5511*****4321");
    }
    expect((await t.call("PUT", `/contacts/block/${c.id}`, { token: plain.token })).body.number).toBe("5511*****4321");
    expect((await t.call("GET", `/contacts/${c.id}`, { token: a.token })).body.number).toBe("5511987654321");
  });

  it("a masked number sent back unchanged keeps the real one; a foreign mask is refused", async () => {
    const plain = await createUser(t, a.company.id);
    const c = await createContact(t, a.token, { name: "Ana", number: "5511987654321" });
    await hideNumbers(t, a.company.id);
    const saved = await t.call("PUT", `/contacts/${c.id}`, { token: plain.token, body: { name: "Ana Maria", number: "5511*****4321" } });
    expect(saved.status).toBe(200);
    expect((await t.call("GET", `/contacts/${c.id}`, { token: a.token })).body).toMatchObject({ name: "Ana Maria", number: "5511987654321" });
    const wrong = await t.call("PUT", `/contacts/${c.id}`, { token: plain.token, body: { number: "5511*****0000" } });
    expect(wrong.body).toMatchObject({ error: "ERR_VALIDATION", fields: { number: "Invalid number" } });
  });

  it("realtime: full numbers go to the admins' room, masked ones to plain users'", async () => {
    const sent: { payload: any; room?: string | string[] }[] = [];
    t.kernel.realtime.emit = (_companyId, event, payload, room) => {
      if (event === `company-${a.company.id}-contact`) sent.push({ payload, room });
    };
    await hideNumbers(t, a.company.id);
    await createContact(t, a.token, { name: "Ana", number: "5511987654321" });
    expect(sent).toHaveLength(2);
    const byRoom = Object.fromEntries(sent.map((s) => [s.room, s.payload.contact.number]));
    expect(byRoom).toEqual({ "contacts-full-numbers": "5511987654321", "contacts-masked-numbers": "5511*****4321" });
  });
});
