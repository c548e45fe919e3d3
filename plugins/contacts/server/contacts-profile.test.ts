import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createContact } from "./contacts.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

const profile = (token: string | undefined, number: string) => t.call("GET", `/contacts/profile/${encodeURIComponent(number)}`, { token });

describe("contact profile: happy", () => {
  it("answers the existing contact's id and stored picture, whatever the number's spelling", async () => {
    const c = await createContact(t, a.token, { name: "Maria", number: "5511987654321" });
    await t.call("PUT", `/contacts/${c.id}`, { token: a.token, body: { urlPicture: "/public/maria.jpg" } });
    expect((await profile(a.token, "5511987654321")).body).toEqual({ contactId: c.id, urlPicture: "/public/maria.jpg" });
    // Formatted, and without Brazil's ninth digit: the same person.
    const res = await profile(a.token, "+55 (11) 8765-4321");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ contactId: c.id, urlPicture: "/public/maria.jpg" });
  });

  it("creates the contact (named by its number) when the company has none, once", async () => {
    const user = await createUser(t, a.company.id);
    const first = await profile(user.token, "5521998877665");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ contactId: expect.any(Number), urlPicture: "" });
    const again = await Promise.all([profile(a.token, "5521998877665"), profile(user.token, "55 21 99887-7665")]);
    expect(again.map((r) => r.body.contactId)).toEqual([first.body.contactId, first.body.contactId]);
    const contact = await t.call("GET", `/contacts/${first.body.contactId}`, { token: a.token });
    expect(contact.body).toMatchObject({ name: "5521998877665", number: "5521998877665", isGroup: false });
  });
});

describe("contact profile: errors", () => {
  it("a number with fewer than 8 digits is refused", async () => {
    const res = await profile(a.token, "12-34");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "ERR_VALIDATION", fields: { number: "Too Short!" } });
    expect((await profile(a.token, "abcdefghij")).body.fields).toEqual({ number: "Too Short!" });
    expect((await profile(a.token, "1".repeat(51))).body.fields).toEqual({ number: "Too Long!" });
  });
});

describe("contact profile: security", () => {
  it("needs a session", async () => {
    expect((await profile(undefined, "5511987654321")).status).toBe(401);
  });

  it("never answers another company's contact: the caller's company gets its own", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    const c = await createContact(t, a.token, { name: "Segredo", number: "5511987654321" });
    const res = await profile(b.token, "5511987654321");
    expect(res.status).toBe(200);
    expect(res.body.contactId).not.toBe(c.id);
    expect((await t.call("GET", `/contacts/${res.body.contactId}`, { token: a.token })).status).toBe(404);
    expect((await t.call("GET", `/contacts/${c.id}`, { token: a.token })).body.name).toBe("Segredo");
  });
});
