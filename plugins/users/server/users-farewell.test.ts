import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import usersPlugin from "./index.ts";
import { validUser } from "./users.fixtures.ts";

/**
 * A user's own farewell (`farewellMessage`): validated here, stored by the tickets plugin
 * (`user_farewell_messages`, through `tickets.setFarewellMessage`) and answered on every user
 * through the kernel's user answers, exactly as when it was a column of `users`.
 */
let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterEach(() => t.close());

/** The farewells as the tickets plugin stores them, by user id. */
const stored = async () =>
  Object.fromEntries(
    (await t.kernel.database.client.execute("SELECT user_id, message FROM user_farewell_messages ORDER BY user_id")).rows.map((r) => [Number(r.user_id), String(r.message)]),
  );

describe("users' farewell: happy", () => {
  it("is taken on create and on edit, and every answer of the user carries it", async () => {
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ farewellMessage: "Até logo, {{name}}!" }) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.farewellMessage).toBe("Até logo, {{name}}!");
    const id: number = created.body.id;
    expect(await stored()).toEqual({ [id]: "Até logo, {{name}}!" });

    const edited = await t.call("PUT", `/users/${id}`, { token: acme.token, body: { farewellMessage: "Obrigado pelo contato" } });
    expect(edited.body.farewellMessage).toBe("Obrigado pelo contato");
    expect((await t.call("GET", `/users/${id}`, { token: acme.token })).body.farewellMessage).toBe("Obrigado pelo contato");
    const page = await t.call("GET", "/users/", { token: acme.token });
    expect(page.body.users.find((u: { id: number }) => u.id === id).farewellMessage).toBe("Obrigado pelo contato");
    const login = await t.login(created.body.email, "Secret123");
    expect(login.user.farewellMessage).toBe("Obrigado pelo contato");
    expect((await t.call("GET", "/auth/me", { token: login.token })).body.farewellMessage).toBe("Obrigado pelo contato");
    expect(await stored()).toEqual({ [id]: "Obrigado pelo contato" });
  });

  it('answers "" for a user who keeps none, and "" clears it without a row left', async () => {
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser() });
    expect(created.body.farewellMessage).toBe("");
    expect(await stored()).toEqual({});
    const id: number = created.body.id;
    await t.call("PUT", `/users/${id}`, { token: acme.token, body: { farewellMessage: "Tchau" } });
    const cleared = await t.call("PUT", `/users/${id}`, { token: acme.token, body: { farewellMessage: "" } });
    expect(cleared.body.farewellMessage).toBe("");
    expect(await stored()).toEqual({});
    // Blanks are the user's text: answered back as sent (the farewell on resolve skips them).
    expect((await t.call("PUT", `/users/${id}`, { token: acme.token, body: { farewellMessage: "   " } })).body.farewellMessage).toBe("   ");
  });

  it("a change is announced on company-{id}-user with the new farewell", async () => {
    const plain = await createUser(t, acme.company.id);
    const seen: unknown[] = [];
    const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
    t.kernel.realtime.emit = (companyId, event, payload, room) => {
      if (event === `company-${acme.company.id}-user`) seen.push(payload);
      emit(companyId, event, payload, room);
    };
    await t.call("PUT", `/users/${plain.user.id}`, { token: plain.token, body: { farewellMessage: "Até mais" } });
    expect(seen).toEqual([{ action: "update", user: expect.objectContaining({ id: plain.user.id, farewellMessage: "Até mais" }) }]);
  });

  it("a user deleted takes their farewell along", async () => {
    const created = await t.call("POST", "/users", { token: acme.token, body: validUser({ farewellMessage: "Tchau" }) });
    expect((await t.call("DELETE", `/users/${created.body.id}`, { token: acme.token })).status).toBe(200);
    expect(await stored()).toEqual({});
  });
});

describe("users' farewell: errors", () => {
  it("refuses more than 1000 characters and values that are not text, with the spec's messages, storing nothing", async () => {
    const long = await t.call("POST", "/users", { token: acme.token, body: validUser({ farewellMessage: "x".repeat(1001) }) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: "ERR_VALIDATION", fields: { farewellMessage: "Too Long!" } });
    const edited = await t.call("PUT", `/users/${acme.user.id}`, { token: acme.token, body: { farewellMessage: "x".repeat(1001) } });
    expect(edited.body.fields).toEqual({ farewellMessage: "Too Long!" });
    const notText = await t.call("PUT", `/users/${acme.user.id}`, { token: acme.token, body: { farewellMessage: 12 } });
    expect(notText.status).toBe(400);
    expect(Object.keys(notText.body.fields)).toEqual(["farewellMessage"]);
    expect((await t.call("PUT", `/users/${acme.user.id}`, { token: acme.token, body: { farewellMessage: "x".repeat(1000) } })).status).toBe(200);
    expect(Object.keys(await stored())).toEqual([String(acme.user.id)]);
  });

  it("without the tickets plugin the field is accepted and ignored (no ticket is ever resolved)", async () => {
    await t.close();
    t = await createTestKernel({ plugins: [usersPlugin] });
    const admin = await t.login();
    const res = await t.call("POST", "/users", { token: admin.token, body: validUser({ farewellMessage: "Tchau" }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.farewellMessage).toBeUndefined();
  });
});

describe("users' farewell: security", () => {
  it("a plain user cannot change someone else's farewell, and another company's user is not found", async () => {
    const plain = await createUser(t, acme.company.id);
    const other = await createUser(t, acme.company.id);
    const res = await t.call("PUT", `/users/${other.user.id}`, { token: plain.token, body: { farewellMessage: "Invadido" } });
    expect(res.status).toBe(403);
    const beta = await createCompanyWithAdmin(t, "Beta");
    const foreign = await t.call("PUT", `/users/${acme.user.id}`, { token: beta.token, body: { farewellMessage: "Invadido" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_USER_FOUND");
    expect(await stored()).toEqual({});
  });

  it("a stored farewell carries its user's company", async () => {
    const beta = await createCompanyWithAdmin(t, "Beta");
    await t.call("PUT", `/users/${beta.user.id}`, { token: beta.token, body: { farewellMessage: "Da Beta" } });
    const rows = await t.kernel.database.client.execute({ sql: "SELECT company_id FROM user_farewell_messages WHERE user_id = ?", args: [beta.user.id] });
    expect(rows.rows.map((r) => Number(r.company_id))).toEqual([beta.company.id]);
  });
});
