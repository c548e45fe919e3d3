import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../../tests/support/test-kernel.ts";

/**
 * The ticket-list width (`PUT /users/toggleChangeWidht/{userId}`): stored by this plugin in
 * `ticket_list_preferences` and answered on every user as `defaultTicketsManagerWidth`.
 */
let t: TestKernel;
let acme: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeAll(async () => {
  t = await createTestKernel();
  acme = await createCompanyWithAdmin(t, "Acme");
});
afterAll(() => t.close());

const setWidth = (token: string, userId: number, width: unknown) => t.call("PUT", `/users/toggleChangeWidht/${userId}`, { token, body: { defaultTicketsManagerWidth: width } });

const storedRows = async (userId: number) =>
  (await t.kernel.database.client.execute({ sql: "SELECT width FROM ticket_list_preferences WHERE user_id = ?", args: [userId] })).rows.map((r) => Number(r.width));

describe("ticket-list width: happy", () => {
  it("a user saves their own width, and every answer of the user carries it", async () => {
    const plain = await createUser(t, acme.company.id);
    const res = await setWidth(plain.token, plain.user.id, "612");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: plain.user.id, defaultTicketsManagerWidth: 612, whatsappId: null });
    expect(res.body.passwordHash).toBeUndefined();
    expect((await t.call("GET", "/auth/me", { token: plain.token })).body.defaultTicketsManagerWidth).toBe(612);
    expect((await t.call("GET", `/users/${plain.user.id}`, { token: acme.token })).body.defaultTicketsManagerWidth).toBe(612);
    const page = await t.call("GET", `/users/?searchParam=${encodeURIComponent(plain.user.name)}`, { token: acme.token });
    expect(page.body.users.find((u: { id: number }) => u.id === plain.user.id).defaultTicketsManagerWidth).toBe(612);
    expect(await storedRows(plain.user.id)).toEqual([612]);
  });

  it("an admin saves a width for a user of the company; a user never set answers 550", async () => {
    const plain = await createUser(t, acme.company.id);
    expect((await t.call("GET", "/auth/me", { token: plain.token })).body.defaultTicketsManagerWidth).toBe(550);
    expect((await setWidth(acme.token, plain.user.id, 700)).body.defaultTicketsManagerWidth).toBe(700);
    expect((await setWidth(acme.token, plain.user.id, 404)).body.defaultTicketsManagerWidth).toBe(404);
    expect(await storedRows(plain.user.id)).toEqual([404]);
  });

  it("the preference goes with its user", async () => {
    const plain = await createUser(t, acme.company.id);
    await setWidth(plain.token, plain.user.id, 600);
    expect((await t.call("DELETE", `/users/${plain.user.id}`, { token: acme.token })).status).toBe(200);
    expect(await storedRows(plain.user.id)).toEqual([]);
  });
});

describe("ticket-list width: errors", () => {
  it("refuses widths outside 404..700 and values that are not integers", async () => {
    for (const width of [403, 701, 550.5, "abc", null]) {
      const res = await setWidth(acme.token, acme.user.id, width);
      expect(res.status, JSON.stringify(width)).toBe(400);
      expect(res.body.fields.defaultTicketsManagerWidth).toBeTruthy();
    }
    expect(await storedRows(acme.user.id)).toEqual([]);
  });
});

describe("ticket-list width: security", () => {
  it("a plain user cannot change someone else's width", async () => {
    const plain = await createUser(t, acme.company.id);
    const other = await createUser(t, acme.company.id);
    const res = await setWidth(plain.token, other.user.id, 500);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect(await storedRows(other.user.id)).toEqual([]);
  });

  it("another company's user is not found, and nothing is stored", async () => {
    const beta = await createCompanyWithAdmin(t, "Beta");
    const res = await setWidth(beta.token, acme.user.id, 500);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_USER_FOUND");
    expect(await storedRows(acme.user.id)).toEqual([]);
  });
});
