import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies, users } from "../../../core/db/tables.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const newCompany = (over: Record<string, unknown> = {}) => ({ name: "Padaria Sol", email: "contato@padaria.test", planId: 1, password: "segredo1", ...over });
const post = (body: unknown) => t.call("POST", "/companies", { token: superToken, body });

describe("companies: errors", () => {
  it("names the missing fields with the form's wording", async () => {
    const res = await post({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { name: "Nome é obrigatório", email: "E-mail é obrigatório", planId: "Plano é obrigatório", password: "Senha é obrigatória" },
    });
  });

  it("checks lengths, e-mail format and numeric counts", async () => {
    const res = await post(newCompany({ name: "A", email: "não-é-email", password: "123", numberAttendants: "dez", numberConections: -2 }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      name: "Muito curto!",
      email: "Email é inválido",
      password: "Muito curto!",
      numberAttendants: "Deve ser um número",
      numberConections: "Não pode ser negativo",
    });
    const long = await post(newCompany({ name: "x".repeat(51), password: "y".repeat(51) }));
    expect(long.body.fields).toMatchObject({ name: "Muito extenso!", password: "Muito extenso!" });
    const empty = await post(newCompany({ name: "   ", email: "" }));
    expect(empty.body.fields).toMatchObject({ name: "Nome é obrigatório", email: "E-mail é obrigatório" });
  });

  it("refuses bad dates and recurrences", async () => {
    const res = await post(newCompany({ dueDate: "2023-02-30", recurrence: "SEMANAL" }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ dueDate: "Data inválida (AAAA-MM-DD)", recurrence: "Recorrência inválida" });
    // Only "" and null mean "not given": other empties are still wrong.
    const loose = await post(newCompany({ dueDate: false, recurrence: 0 }));
    expect(loose.status).toBe(400);
    expect(Object.keys(loose.body.fields).sort()).toEqual(["dueDate", "recurrence"]);
  });

  it("a name already taken, in any case, is refused", async () => {
    await post(newCompany());
    const res = await post(newCompany({ name: "PADARIA SOL", email: "outro@padaria.test" }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_DUPLICATED_NAME");
    const { body: other } = await post(newCompany({ name: "Outra", email: "outra@padaria.test" }));
    expect((await t.call("PUT", `/companies/${other.id}`, { token: superToken, body: { name: "padaria sol" } })).body.error).toBe("ERR_DUPLICATED_NAME");
  });

  it("an e-mail some user already has is refused, and nothing is created", async () => {
    const res = await post(newCompany({ email: "ADMIN@admin.com" }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_DUPLICATED_EMAIL");
    expect(await t.kernel.db.select().from(companies).where(sql`${companies.name} = 'Padaria Sol'`)).toEqual([]);
  });

  it("an unknown plan is refused", async () => {
    const res = await post(newCompany({ planId: 999 }));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "ERR_NO_PLAN_FOUND", fields: { planId: "Plano é obrigatório" } });
    const { body: c } = await post(newCompany());
    expect((await t.call("PUT", `/companies/${c.id}`, { token: superToken, body: { planId: 999 } })).body.error).toBe("ERR_NO_PLAN_FOUND");
  });

  it("a failure half-way leaves no half-created company (one transaction)", async () => {
    const seed = t.kernel.settings.seedCompany.bind(t.kernel.settings);
    t.kernel.settings.seedCompany = async () => {
      throw new Error("disk full");
    };
    try {
      const res = await post(newCompany());
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: "ERR_INTERNAL" });
    } finally {
      t.kernel.settings.seedCompany = seed;
    }
    expect(await t.kernel.db.select().from(companies).where(sql`${companies.name} = 'Padaria Sol'`)).toEqual([]);
    expect(await t.kernel.db.select().from(users).where(sql`${users.email} = 'contato@padaria.test'`)).toEqual([]);
    // And the same request succeeds once the fault is gone.
    expect((await post(newCompany())).status).toBe(200);
  });

  it("company 1 cannot be deleted or renewed", async () => {
    expect((await t.call("DELETE", "/companies/1", { token: superToken })).body.error).toBe("ERR_PROTECTED_RECORD");
    expect((await t.call("POST", "/companies/1/renew", { token: superToken })).body.error).toBe("ERR_PROTECTED_RECORD");
  });

  it("unknown or malformed ids answer 404 / 400", async () => {
    for (const [method, path] of [
      ["GET", "/companies/999"],
      ["PUT", "/companies/999"],
      ["DELETE", "/companies/999"],
      ["POST", "/companies/999/renew"],
      ["GET", "/companies/listPlan/999"],
    ] as const) {
      const res = await t.call(method, path, { token: superToken, body: method === "PUT" ? { name: "Nova" } : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_COMPANY_FOUND");
    }
    expect((await t.call("GET", "/companies/abc", { token: superToken })).status).toBe(400);
    expect((await t.call("GET", "/companiesPlan/?pageNumber=0", { token: superToken })).status).toBe(400);
  });

  it("a company without a plan says so on listPlan", async () => {
    const [c] = await t.kernel.db.insert(companies).values({ name: "Sem plano" }).returning();
    const res = await t.call("GET", `/companies/listPlan/${c!.id}`, { token: superToken });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_PLAN_FOUND");
  });
});
