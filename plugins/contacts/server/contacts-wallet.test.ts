import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createContact } from "./contacts.fixtures.ts";

/** A contact's wallet owner (`walletUserId`): a user of its company, for `DirectTicketsToWallets`. */
let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

const put = (id: number, body: unknown) => t.call("PUT", `/contacts/${id}`, { token: a.token, body });

describe("contact wallet: happy", () => {
  it("is set on create, changed and cleared on edit with the spec's empties, and kept when not sent", async () => {
    const x = await createUser(t, a.company.id);
    const plain = await createContact(t, a.token, { name: "Bia", number: "5511912345678" });
    expect(plain.walletUserId).toBeNull();
    const created = await createContact(t, a.token, { name: "Ana", number: "5511987654321", walletUserId: x.user.id });
    expect(created.walletUserId).toBe(x.user.id);
    expect((await put(created.id, { name: "Ana S." })).body.walletUserId).toBe(x.user.id);
    expect((await put(created.id, { walletUserId: String(a.user.id) })).body.walletUserId).toBe(a.user.id);
    for (const empty of ["", null, 0]) {
      await put(created.id, { walletUserId: x.user.id });
      const cleared = await put(created.id, { walletUserId: empty });
      expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
      expect(cleared.body.walletUserId).toBeNull();
    }
  });

  it("deleting the owner empties the wallet and keeps the contact", async () => {
    const x = await createUser(t, a.company.id);
    const created = await createContact(t, a.token, { name: "Ana", number: "5511987654321", walletUserId: x.user.id });
    expect((await t.call("DELETE", `/users/${x.user.id}`, { token: a.token })).status).toBe(200);
    const shown = await t.call("GET", `/contacts/${created.id}`, { token: a.token });
    expect(shown.body).toMatchObject({ id: created.id, walletUserId: null });
  });
});

describe("contact wallet: errors and security", () => {
  it("refuses on create an owner of another company or unknown, and an invalid id", async () => {
    const b = await createCompanyWithAdmin(t, "Beta");
    for (const walletUserId of [b.user.id, 999_999]) {
      const res = await t.call("POST", "/contacts", { token: a.token, body: { name: "Ana", number: "5511987654321", walletUserId } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { walletUserId: "Invalid user" } });
    }
    const bad = await t.call("POST", "/contacts", { token: a.token, body: { name: "Ana", number: "5511987654321", walletUserId: -3 } });
    expect(bad.body).toMatchObject({ error: "ERR_VALIDATION", fields: { walletUserId: "Invalid value" } });
    expect((await t.call("GET", "/contacts/list", { token: a.token })).body).toEqual([]);
  });
});
