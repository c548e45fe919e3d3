import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies, plans, users } from "../../../core/db/tables.ts";
import { createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { SIGNUPS_PER_ADDRESS, trialDueDate } from "./signup.service.ts";

let t: TestKernel;
let planId: number;
beforeEach(async () => {
  t = await createTestKernel();
  planId = (await t.kernel.db.select({ id: plans.id }).from(plans).limit(1))[0]!.id;
});
afterEach(() => t.close());

let n = 0;
const form = (over: Record<string, unknown> = {}) => {
  n += 1;
  return { name: "Ana Souza", email: `ana${n}@example.com`, password: "segredo1", companyName: `Loja ${n}`, phone: "11999998888", planId, ...over };
};
const signup = (body: unknown, headers?: Record<string, string>) => t.call("POST", "/auth/signup", { body, headers });
const companyOf = async (id: number) => (await t.kernel.db.select().from(companies).where(eq(companies.id, id)))[0]!;
/** The company's `campaignsEnabled` as the API answers it (the campaigns plugin's company setting). */
const campaignsOf = async (id: number) => (await t.call("GET", `/companies/${id}`, { token: (await t.login()).token })).body.campaignsEnabled;

describe("signup: happy", () => {
  it("creates an active company on a 7-day MENSAL trial whose admin can log in", async () => {
    const body = form({ email: "Ana.Dona@Example.com" });
    const res = await signup(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      company: { id: expect.any(Number), name: body.companyName, dueDate: trialDueDate(), recurrence: "MENSAL", status: true },
      user: { id: expect.any(Number), name: "Ana Souza", email: "ana.dona@example.com" },
    });
    const company = await companyOf(res.body.company.id);
    expect(company).toMatchObject({ phone: "11999998888", planId, email: "ana.dona@example.com" });
    const session = await t.login("ana.dona@example.com", "segredo1");
    expect(session.user).toMatchObject({ profile: "admin", super: false, companyId: res.body.company.id });
  });

  it("ignores what the server decides: company id, recurrence, due date, status", async () => {
    const res = await signup(form({ companyId: 1, recurrence: "ANUAL", dueDate: "2999-01-01", status: false, campaignsEnabled: "yes" }));
    expect(res.status).toBe(200);
    expect(res.body.company.id).not.toBe(1);
    const company = await companyOf(res.body.company.id);
    expect(company).toMatchObject({ recurrence: "MENSAL", dueDate: trialDueDate(), status: true });
    // campaigns follow the plan's useCampaigns feature (on by default, as on the seeded plan)
    expect(await campaignsOf(company.id)).toBe(true);
  });

  it("a plan without campaigns gives a company with campaigns off", async () => {
    const noCampaigns = await createPlan(t, { useCampaigns: false, isPublic: true });
    const res = await signup(form({ planId: noCampaigns }));
    expect(res.status).toBe(200);
    expect(await campaignsOf(res.body.company.id)).toBe(false);
  });

  it("the phone may be left out", async () => {
    const { phone: _p, ...body } = form();
    expect((await signup(body)).status).toBe(200);
  });
});

describe("signup: errors", () => {
  it("names every invalid field with the spec's wording", async () => {
    const res = await signup({ name: "A", email: "not-an-email", password: "1234", companyName: "x".repeat(51), phone: "(11) 99999-8888" });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "ERR_VALIDATION",
      fields: {
        name: "Muito curto!",
        email: "Email inválido",
        password: "Muito curto!",
        companyName: "Muito extenso!",
        phone: "Somente números",
        planId: "Obrigatório",
      },
    });
  });

  it("missing fields are 'Obrigatório'; a long password is 'Muito extenso!'", async () => {
    const res = await signup({ password: "x".repeat(51), planId: "" });
    expect(res.body.fields).toEqual({
      name: "Obrigatório",
      email: "Obrigatório",
      password: "Muito extenso!",
      companyName: "Obrigatório",
      planId: "Obrigatório",
    });
    expect((await signup(form({ name: "   " }))).body.fields).toEqual({ name: "Obrigatório" });
  });

  it("a duplicate e-mail answers ERR_DUPLICATED_EMAIL and a duplicate company name ERR_DUPLICATED_NAME", async () => {
    const first = form();
    expect((await signup(first)).status).toBe(200);
    const sameEmail = await signup(form({ email: first.email.toUpperCase() }));
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe("ERR_DUPLICATED_EMAIL");
    const sameName = await signup(form({ companyName: first.companyName.toLowerCase() }));
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe("ERR_DUPLICATED_NAME");
    // the seeded super admin's e-mail is taken too
    expect((await signup(form({ email: "admin@admin.com" }))).body.error).toBe("ERR_DUPLICATED_EMAIL");
  });

  it("an unknown plan answers ERR_NO_PLAN_FOUND", async () => {
    const res = await signup(form({ planId: 9999 }));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_PLAN_FOUND");
  });

  it("refuses while the platform setting userCreation is disabled", async () => {
    await t.kernel.settings.setGlobal(1, "userCreation", "disabled");
    const res = await signup(form());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_USER_CREATION_DISABLED");
    await t.kernel.settings.setGlobal(1, "userCreation", "enabled");
    expect((await signup(form())).status).toBe(200);
  });

  it("a body that is not JSON is a clear error, not a crash", async () => {
    const res = await t.kernel.app.request("/auth/signup", { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(res.status).toBe(400);
  });
});

describe("signup: security", () => {
  it("a private plan cannot be chosen", async () => {
    const [hidden] = await t.kernel.db.insert(plans).values({ name: "Interno", isPublic: false }).returning();
    const res = await signup(form({ planId: hidden!.id }));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_PLAN_FOUND");
  });

  it("never creates a super user nor joins an existing company", async () => {
    const res = await signup(form({ companyId: 1, super: true, profile: "admin" }));
    const [user] = await t.kernel.db.select().from(users).where(eq(users.id, res.body.user.id));
    expect(user).toMatchObject({ super: false, companyId: res.body.company.id });
    expect(res.body.company.id).not.toBe(1);
  });

  it(`limits signups per address (${SIGNUPS_PER_ADDRESS} per hour)`, async () => {
    for (let i = 0; i < SIGNUPS_PER_ADDRESS; i++) expect((await signup(form())).status).toBe(200);
    const res = await signup(form());
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("ERR_TOO_MANY_ATTEMPTS");
  });
});
