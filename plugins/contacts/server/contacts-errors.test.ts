import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createContact } from "./contacts.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

const post = (body: unknown) => t.call("POST", "/contacts", { token: a.token, body });

describe("contacts: errors", () => {
  it("names each invalid field with the spec's messages", async () => {
    expect((await post({ number: "5511987654321" })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Required" } });
    expect((await post({ name: "A", number: "5511987654321" })).body.fields).toEqual({ name: "Too Short!" });
    expect((await post({ name: "x".repeat(51), number: "5511987654321" })).body.fields).toEqual({ name: "Too Long!" });
    expect((await post({ name: "Ana", number: "1234567" })).body.fields).toEqual({ number: "Too Short!" });
    expect((await post({ name: "Ana", number: "1".repeat(51) })).body.fields).toEqual({ number: "Too Long!" });
    expect((await post({ name: "Ana", number: "5511987654321", email: "not-mail" })).body.fields).toEqual({ email: "Invalid email" });
  });

  it("a number with too few digits once punctuation is gone is too short", async () => {
    const res = await post({ name: "Ana", number: "(11) 9-9-9" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ number: "Too Short!" });
  });

  it("refuses a second contact for the same number, however it is written", async () => {
    await createContact(t, a.token, { name: "Ana", number: "5511987654321" });
    const dup = await post({ name: "Ana 2", number: "+55 11 8765-4321" });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_DUPLICATED_CONTACT");
    const other = await createContact(t, a.token, { name: "Bia", number: "5511912345678" });
    const moved = await t.call("PUT", `/contacts/${other.id}`, { token: a.token, body: { number: "5511987654321" } });
    expect(moved.body.error).toBe("ERR_DUPLICATED_CONTACT");
  });

  it("unknown ids answer ERR_NO_CONTACT_FOUND (404) on every route", async () => {
    for (const [method, path] of [
      ["GET", "/contacts/999"],
      ["PUT", "/contacts/999"],
      ["DELETE", "/contacts/999"],
      ["PUT", "/contacts/block/999"],
      ["PUT", "/contacts/toggleAcceptAudio/999"],
      ["PUT", "/contacts/toggleDisableBot/999"],
    ] as const) {
      const res = await t.call(method, path, { token: a.token, body: method === "PUT" ? { name: "Xyz" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_CONTACT_FOUND");
    }
  });

  it("bad ids and bad query values are validation errors, not crashes", async () => {
    expect((await t.call("GET", "/contacts/abc", { token: a.token })).status).toBe(400);
    expect((await t.call("GET", "/contacts?pageNumber=0", { token: a.token })).status).toBe(400);
    expect((await t.call("GET", "/contacts?isGroup=maybe", { token: a.token })).status).toBe(400);
    expect((await t.call("PUT", "/contacts/block/1", { token: a.token, body: "not json" })).status).toBeLessThan(500);
  });
});
