import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import usersPlugin from "./index.ts";
import { validUser } from "./users.fixtures.ts";

/** A user's default connection (`whatsappId`), checked with the connections plugin's `connections.get` service. */
let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterEach(() => t.close());

async function connection(token: string, name: string): Promise<number> {
  const res = await t.call("POST", "/whatsapp", { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** The default connection as stored (by the connections plugin), read through the kernel's user answers. */
const storedWhatsappId = async (id: number) => {
  const [row] = await t.kernel.db.select().from(users).where(eq(users.id, id));
  return (await t.kernel.userAnswers.one(row!)).whatsappId;
};

describe("users' default connection: happy", () => {
  it("takes one of the company's connections, on create and on edit", async () => {
    const main = await connection(acme.token, "Principal");
    const other = await connection(acme.token, "Vendas");
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ whatsappId: main }) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.whatsappId).toBe(main);
    const edited = await t.call("PUT", `/users/${created.body.id}`, { token: acme.token, body: { whatsappId: String(other) } });
    expect(edited.body.whatsappId).toBe(other);
  });

  it('reads the spec clients\' false, "", null, [] and 0 as no connection', async () => {
    const main = await connection(acme.token, "Principal");
    for (const whatsappId of [false, "", null, [], 0]) {
      const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ whatsappId }) });
      expect(created.status, JSON.stringify({ whatsappId, body: created.body })).toBe(200);
      expect(created.body.whatsappId).toBeNull();
      await t.call("PUT", `/users/${created.body.id}`, { token: acme.token, body: { whatsappId: main } });
      const cleared = await t.call("PUT", `/users/${created.body.id}`, { token: acme.token, body: { whatsappId } });
      expect(cleared.status, JSON.stringify(whatsappId)).toBe(200);
      expect(await storedWhatsappId(created.body.id)).toBeNull();
    }
  });

  it("a form sent back with the user's current connection passes for a plain user", async () => {
    const main = await connection(acme.token, "Principal");
    const plain = await createUser(t, acme.company.id);
    expect((await t.call("PUT", `/users/${plain.user.id}`, { token: acme.token, body: { whatsappId: main } })).status).toBe(200);
    const res = await t.call("PUT", `/users/${plain.user.id}`, { token: plain.token, body: { name: "Novo Nome", whatsappId: main } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

describe("users' default connection: errors", () => {
  it("refuses a connection that does not exist, and values that are not ids", async () => {
    const missing = await t.call("POST", "/users", { token: acme.token, body: validUser({ whatsappId: 999999 }) });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: "ERR_NO_WAPP_FOUND", fields: { whatsappId: "Invalid connection" } });
    for (const whatsappId of [true, "0x10", [3], -1, 1.5, "abc"]) {
      const res = await t.call("POST", "/users", { token: acme.token, body: validUser({ whatsappId }) });
      expect(res.status, JSON.stringify(whatsappId)).toBe(400);
      expect(res.body.fields.whatsappId).toBe("Invalid value");
    }
  });

  it("without the connections plugin no connection can be named", async () => {
    await t.close();
    t = await createTestKernel({ plugins: [usersPlugin] });
    const admin = await t.login();
    const res = await t.call("POST", "/users", { token: admin.token, body: validUser({ whatsappId: 1 }) });
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await t.call("POST", "/users", { token: admin.token, body: validUser({ whatsappId: false }) })).status).toBe(200);
  });
});

describe("users' default connection: security", () => {
  it("another company's connection is refused on create and on edit, and nothing is stored", async () => {
    const beta = await createCompanyWithAdmin(t, "Beta");
    const theirs = await connection(beta.token, "Deles");
    const before = await t.call("GET", "/users/", { token: acme.token });
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ whatsappId: theirs }) });
    expect(created.status).toBe(404);
    expect(created.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await t.call("GET", "/users/", { token: acme.token })).body.count).toBe(before.body.count);
    const edited = await t.call("PUT", `/users/${acme.user.id}`, { token: acme.token, body: { whatsappId: theirs } });
    expect(edited.status).toBe(404);
    expect(edited.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect(await storedWhatsappId(acme.user.id)).toBeNull();
  });

  it("a super user too may only name a connection of the edited user's own company", async () => {
    const superAdmin = await t.login();
    const theirs = await connection(acme.token, "Da Acme");
    const res = await t.call("PUT", `/users/${superAdmin.user.id}`, { token: superAdmin.token, body: { whatsappId: theirs } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect(await storedWhatsappId(superAdmin.user.id)).toBeNull();
    const own = await connection(superAdmin.token, "Da plataforma");
    expect((await t.call("PUT", `/users/${superAdmin.user.id}`, { token: superAdmin.token, body: { whatsappId: own } })).body.whatsappId).toBe(own);
  });
});
