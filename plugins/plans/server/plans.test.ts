import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies } from "../../../core/db/tables.ts";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

/** Every declared plan feature (ten today: the spec's flags). */
const features = () => t.kernel.planFeatures.keys();
const allOff = () => Object.fromEntries(features().map((f) => [f, false]));

describe("plans: happy", () => {
  it("the super user creates a plan with its limits, price and every flag", async () => {
    const res = await t.call("POST", "/plans", {
      token: superToken,
      body: { name: "Ouro", users: 5, connections: "3", queues: 4, amount: "99.9", isPublic: false, ...allOff(), useKanban: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Ouro", users: 5, connections: 3, queues: 4, amount: 99.9, isPublic: false, useKanban: true, useWhatsapp: false });
    expect(features()).toHaveLength(10);
    for (const f of features()) expect(typeof res.body[f]).toBe("boolean");
  });

  it("omitted flags default to on, so a new plan is useful at once", async () => {
    const res = await t.call("POST", "/plans", { token: superToken, body: { name: "Prata" } });
    expect(res.status).toBe(200);
    for (const f of features()) expect(res.body[f]).toBe(true);
    expect(res.body).toMatchObject({ users: 0, connections: 0, queues: 0, amount: 0, isPublic: true });
  });

  it("edits change only the fields sent", async () => {
    const { body: plan } = await t.call("POST", "/plans", { token: superToken, body: { name: "Bronze", users: 2 } });
    const res = await t.call("PUT", `/plans/${plan.id}`, { token: superToken, body: { users: 7, useOpenAi: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Bronze", users: 7, useOpenAi: false, useKanban: true });
    expect((await t.call("GET", `/plans/${plan.id}`, { token: superToken })).body.users).toBe(7);
  });

  it("the public list shows only public plans, without a login", async () => {
    await t.call("POST", "/plans", { token: superToken, body: { name: "Visível", isPublic: true } });
    await t.call("POST", "/plans", { token: superToken, body: { name: "Oculto", isPublic: "false" } });
    const res = await t.call("GET", "/plans/list");
    expect(res.status).toBe(200);
    const names = res.body.map((p: { name: string }) => p.name);
    expect(names).toContain("Visível");
    expect(names).not.toContain("Oculto");
    const all = await t.call("GET", "/plans/all", { token: superToken });
    expect(all.body.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["Visível", "Oculto", "Plano 1"]));
  });

  it("an unused plan is deleted", async () => {
    const { body: plan } = await t.call("POST", "/plans", { token: superToken, body: { name: "Temporário" } });
    expect((await t.call("DELETE", `/plans/${plan.id}`, { token: superToken })).status).toBe(200);
    expect((await t.call("GET", `/plans/${plan.id}`, { token: superToken })).status).toBe(404);
  });
});

describe("plans: errors", () => {
  it("a missing name is named with the form's wording", async () => {
    const res = await t.call("POST", "/plans", { token: superToken, body: { users: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { name: "Nome é obrigatório" } });
  });

  it("limits must be whole, non-negative numbers", async () => {
    const res = await t.call("POST", "/plans", { token: superToken, body: { name: "X", users: "muitos", connections: -1, queues: 1.5 } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ users: "Deve ser um número", connections: "Não pode ser negativo", queues: "Deve ser um número inteiro" });
  });

  it("a name already taken (any case) is refused", async () => {
    await t.call("POST", "/plans", { token: superToken, body: { name: "Premium" } });
    const res = await t.call("POST", "/plans", { token: superToken, body: { name: "premium" } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_DUPLICATED_NAME");
    const { body: other } = await t.call("POST", "/plans", { token: superToken, body: { name: "Outro" } });
    const renamed = await t.call("PUT", `/plans/${other.id}`, { token: superToken, body: { name: "PREMIUM" } });
    expect(renamed.status).toBe(409);
    // Keeping its own name is not a clash.
    expect((await t.call("PUT", `/plans/${other.id}`, { token: superToken, body: { name: "Outro" } })).status).toBe(200);
  });

  it("a plan some company is on cannot be deleted", async () => {
    const { body: plan } = await t.call("POST", "/plans", { token: superToken, body: { name: "Em uso" } });
    await createCompanyWithAdmin(t, "Loja do Plano", { planId: plan.id });
    const res = await t.call("DELETE", `/plans/${plan.id}`, { token: superToken });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: "ERR_PLAN_IN_USE", companies: 1 });
  });

  it("unknown or malformed ids answer 404 / 400, never a crash", async () => {
    expect((await t.call("GET", "/plans/999", { token: superToken })).body.error).toBe("ERR_NO_PLAN_FOUND");
    expect((await t.call("PUT", "/plans/999", { token: superToken, body: { users: 1 } })).status).toBe(404);
    expect((await t.call("DELETE", "/plans/999", { token: superToken })).status).toBe(404);
    expect((await t.call("GET", "/plans/abc", { token: superToken })).status).toBe(400);
  });

  it("a body that is not JSON is a validation error", async () => {
    const res = await t.call("POST", "/plans", { token: superToken, body: "not json", headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });
});

describe("plans: security", () => {
  it("a company admin (not super) gets 403 on every management route", async () => {
    const other = await createCompanyWithAdmin(t, "Loja Admin");
    const calls: [string, string, unknown?][] = [
      ["GET", "/plans/all"],
      ["GET", "/plans/1"],
      ["POST", "/plans", { name: "Hack" }],
      ["PUT", "/plans/1", { amount: 0 }],
      ["DELETE", "/plans/1"],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it("a plain user is refused too, and nothing changed", async () => {
    const other = await createCompanyWithAdmin(t, "Loja User");
    const user = await createUser(t, other.company.id);
    expect((await t.call("PUT", "/plans/1", { token: user.token, body: { users: 999 } })).status).toBe(403);
    expect((await t.call("GET", "/plans/1", { token: superToken })).body.users).toBe(10);
  });

  it("management needs a login", async () => {
    expect((await t.call("GET", "/plans/all")).status).toBe(401);
    expect((await t.call("POST", "/plans", { body: { name: "x" } })).status).toBe(401);
  });

  it("the public list leaks nothing about companies", async () => {
    const res = await t.call("GET", "/plans/list");
    for (const p of res.body) expect(Object.keys(p)).not.toContain("companies");
    // Sanity: the seeded company is on plan 1, which stays listed.
    const [c1] = await t.kernel.db.select().from(companies).limit(1);
    expect(res.body.map((p: { id: number }) => p.id)).toContain(c1?.planId);
  });
});
