import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

describe("helps: happy", () => {
  it("the super user creates, edits, lists and deletes entries", async () => {
    const created = await t.call("POST", "/helps", { token: superToken, body: { title: "Como conectar", description: "Passo a passo", video: "abc123" } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ id: expect.any(Number), title: "Como conectar", video: "abc123" });
    const id = created.body.id;
    const edited = await t.call("PUT", `/helps/${id}`, { token: superToken, body: { title: "Como conectar o WhatsApp" } });
    expect(edited.body.title).toBe("Como conectar o WhatsApp");
    const page = await t.call("GET", "/helps?searchParam=whatsapp", { token: superToken });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    expect((await t.call("GET", "/helps/list", { token: superToken })).body).toHaveLength(1);
    expect((await t.call("DELETE", `/helps/${id}`, { token: superToken })).status).toBe(200);
    expect((await t.call("GET", `/helps/${id}`, { token: superToken })).status).toBe(404);
  });

  it("every company's users read the help centre", async () => {
    await t.call("POST", "/helps", { token: superToken, body: { title: "Primeiros passos" } });
    const other = await createCompanyWithAdmin(t, "Loja Azul");
    const res = await t.call("GET", "/helps/list", { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.map((h: { title: string }) => h.title)).toEqual(["Primeiros passos"]);
  });
});

describe("helps: errors", () => {
  it("a missing title names the field", async () => {
    const res = await t.call("POST", "/helps", { token: superToken, body: { description: "x" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { title: "Required" } });
  });
  it("unknown ids answer 404", async () => {
    expect((await t.call("PUT", "/helps/999", { token: superToken, body: { title: "x" } })).status).toBe(404);
    expect((await t.call("DELETE", "/helps/999", { token: superToken })).status).toBe(404);
  });
  it("a non-numeric id is a validation error, not a crash", async () => {
    const res = await t.call("GET", "/helps/abc", { token: superToken });
    expect(res.status).toBe(400);
  });
});

describe("helps: security", () => {
  it("only the super user writes", async () => {
    const other = await createCompanyWithAdmin(t, "Loja Verde");
    expect((await t.call("POST", "/helps", { token: other.token, body: { title: "x" } })).status).toBe(403);
  });
  it("reading needs a login", async () => {
    expect((await t.call("GET", "/helps/list")).status).toBe(401);
  });
});
