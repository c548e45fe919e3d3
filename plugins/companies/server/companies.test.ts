import { writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { companies, companySettings, users } from "../../../core/db/tables.ts";
import { companySchedules } from "../schema/tables.ts";
import { companyById, createPlan } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { addDays, addMonths, utcToday } from "../shared/renew.ts";

let t: TestKernel;
let superToken: string;
beforeEach(async () => {
  t = await createTestKernel();
  superToken = (await t.login()).token;
});
afterEach(() => t.close());

const newCompany = (over: Record<string, unknown> = {}) => ({ name: "Padaria Sol", email: "Contato@Padaria.test", planId: 1, password: "segredo1", ...over });

describe("companies: happy", () => {
  it("creating a company creates its first admin, who can log in with the company e-mail", async () => {
    // Active: a new company is inactive by default (spec 001 §5), and an inactive company cannot sign in.
    const res = await t.call("POST", "/companies", { token: superToken, body: newCompany({ status: true, phone: "11999990000", document: "12.345.678/0001-90" }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Padaria Sol", email: "contato@padaria.test", planId: 1, plan: { id: 1, name: "Plano 1" } });
    const login = await t.login("contato@padaria.test", "segredo1");
    expect(login.user).toMatchObject({ profile: "admin", super: false, name: "Padaria Sol", companyId: res.body.id });
  });

  it("a new company gets the spec's defaults: 1 attendant, 1 connection, inactive, MENSAL, 7-day due date", async () => {
    const { body } = await t.call("POST", "/companies", { token: superToken, body: newCompany() });
    expect(body).toMatchObject({ numberAttendants: 1, numberConections: 1, status: false, recurrence: "MENSAL", campaignsEnabled: false });
    expect(body.dueDate).toBe(addDays(utcToday(), 7));
  });

  it('the spec form\'s recurrence "" and dueDate null mean the defaults; on edit they change nothing', async () => {
    const res = await t.call("POST", "/companies", { token: superToken, body: newCompany({ recurrence: "", dueDate: null }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ recurrence: "MENSAL", dueDate: addDays(utcToday(), 7) });
    await t.call("PUT", `/companies/${res.body.id}`, { token: superToken, body: { recurrence: "ANUAL", dueDate: "2030-01-31" } });
    const edited = await t.call("PUT", `/companies/${res.body.id}`, { token: superToken, body: { recurrence: "", dueDate: null, phone: "1133334444" } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ recurrence: "ANUAL", dueDate: "2030-01-31", phone: "1133334444" });
  });

  it("the form's values win over the defaults, and the admin may have their own name", async () => {
    const { body } = await t.call("POST", "/companies", {
      token: superToken,
      body: newCompany({ status: true, dueDate: "2030-01-31", recurrence: "ANUAL", numberAttendants: "4", numberConections: 2, campaignsEnabled: "true", adminName: "Maria" }),
    });
    expect(body).toMatchObject({ status: true, dueDate: "2030-01-31", recurrence: "ANUAL", numberAttendants: 4, numberConections: 2, campaignsEnabled: true });
    expect((await t.login("contato@padaria.test", "segredo1")).user.name).toBe("Maria");
  });

  it("seeds the new company's settings and office hours in the same go", async () => {
    const { body } = await t.call("POST", "/companies", { token: superToken, body: newCompany() });
    const declared = t.kernel.settings.companyColumns.size;
    const [settingsRows] = await t.kernel.db.select({ n: count() }).from(companySettings).where(eq(companySettings.companyId, body.id));
    expect(settingsRows?.n).toBe(declared);
    const hours = await t.kernel.db.select().from(companySchedules).where(eq(companySchedules.companyId, body.id));
    expect(hours).toHaveLength(7);
    expect(hours[0]).toMatchObject({ startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" });
  });

  it("the companies.create service does the same for signup, and both announce the new company", async () => {
    const seen: number[] = [];
    t.kernel.bus.on("companies.company.created", ({ companyId }) => void seen.push(companyId));
    const viaHttp = await t.call("POST", "/companies", { token: superToken, body: newCompany() });
    const create = t.kernel.services.require("companies.create");
    expect(create).toBeTypeOf("function");
    const { company, user } = await create({ name: "Via Signup", email: "dono@signup.test", planId: 1, password: "abcde", status: true, adminName: "Dono" });
    expect(company).toMatchObject({ name: "Via Signup", status: true, recurrence: "MENSAL", dueDate: addDays(utcToday(), 7) });
    expect(user).toMatchObject({ email: "dono@signup.test", name: "Dono", profile: "admin", companyId: company.id });
    expect(user).not.toHaveProperty("passwordHash");
    await t.login("dono@signup.test", "abcde");
    expect(seen).toEqual([viaHttp.body.id, company.id]);
  });

  it("lists, pages and searches companies", async () => {
    await t.call("POST", "/companies", { token: superToken, body: newCompany() });
    await t.call("POST", "/companies", { token: superToken, body: newCompany({ name: "Mercado 100%", email: "m@m.test" }) });
    const all = await t.call("GET", "/companies/list", { token: superToken });
    expect(all.body.map((c: { name: string }) => c.name)).toEqual(["Empresa 1", "Mercado 100%", "Padaria Sol"]);
    const page = await t.call("GET", "/companies?searchParam=padaria", { token: superToken });
    expect(page.body).toMatchObject({ count: 1, hasMore: false });
    // A literal % is searched as a character, not as a wildcard.
    const literal = await t.call("GET", "/companies?searchParam=100%25", { token: superToken });
    expect(literal.body.companies.map((c: { name: string }) => c.name)).toEqual(["Mercado 100%"]);
  });

  it("/companiesPlan/ answers plan, usage of stored files, last login and paging", async () => {
    const { body: created } = await t.call("POST", "/companies", { token: superToken, body: newCompany({ status: true }) });
    const folder = join(t.kernel.storage.root, `company${created.id}`);
    await mkdir(join(folder, "sub"), { recursive: true });
    await writeFile(join(folder, "a.txt"), "12345");
    await writeFile(join(folder, "sub", "b.txt"), "123");
    await t.login("contato@padaria.test", "segredo1");
    const res = await t.call("GET", "/companiesPlan/?searchParam=&pageNumber=1", { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, hasMore: false });
    const row = res.body.companies.find((c: { id: number }) => c.id === created.id);
    expect(row).toMatchObject({ plan: { name: "Plano 1", amount: 0 }, folderSize: 8, numberFileFolder: 2, dueDate: created.dueDate, recurrence: "MENSAL" });
    expect(row.updatedAtFolder).toEqual(expect.any(String));
    expect(row.lastLogin).toEqual(expect.any(String));
    expect(row.createdAt).toEqual(expect.any(String));
    const bare = await t.call("GET", "/companiesPlan", { token: superToken });
    expect(bare.body.count).toBe(2);
  });

  it("pages of 20 say whether more follow", async () => {
    for (let i = 0; i < 21; i++) await t.kernel.db.insert(companies).values({ name: `Loja ${i}`, email: `l${i}@x.test`, planId: 1 });
    const first = await t.call("GET", "/companiesPlan/?pageNumber=1", { token: superToken });
    expect(first.body.companies).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    const second = await t.call("GET", "/companiesPlan/?pageNumber=2", { token: superToken });
    expect(second.body.companies).toHaveLength(2);
    expect(second.body.hasMore).toBe(false);
  });

  it("shows a company with its plan and office hours (defaults when none were saved)", async () => {
    const res = await t.call("GET", "/companies/1", { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 1, dueDate: "2999-12-31", plan: { id: 1 } });
    expect(res.body.schedules).toHaveLength(7);
    expect(res.body.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTimeA: "08:00", endTimeB: "18:00" });
  });

  it("edits a company", async () => {
    const { body: created } = await t.call("POST", "/companies", { token: superToken, body: newCompany() });
    const { body: plan } = await t.call("POST", "/plans", { token: superToken, body: { name: "Ouro", amount: 120 } });
    const res = await t.call("PUT", `/companies/${created.id}`, {
      token: superToken,
      body: { name: "Padaria Lua", status: true, planId: plan.id, recurrence: "TRIMESTRAL", dueDate: "2031-05-05", numberAttendants: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Padaria Lua",
      status: true,
      planId: plan.id,
      plan: { name: "Ouro", amount: 120 },
      recurrence: "TRIMESTRAL",
      dueDate: "2031-05-05",
      numberAttendants: 3,
    });
  });

  it("company 1 keeps its far-future due date whatever an edit sends", async () => {
    const res = await t.call("PUT", "/companies/1", { token: superToken, body: { name: "Plataforma", dueDate: "2020-01-01" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Plataforma", dueDate: "2999-12-31" });
  });

  it("renews by recurrence: from the due date when ahead, from today when overdue", async () => {
    const { body: created } = await t.call("POST", "/companies", { token: superToken, body: newCompany({ dueDate: "2099-01-31", recurrence: "MENSAL" }) });
    const ahead = await t.call("POST", `/companies/${created.id}/renew`, { token: superToken });
    expect(ahead.status).toBe(200);
    expect(ahead.body.dueDate).toBe("2099-02-28");
    await t.call("PUT", `/companies/${created.id}`, { token: superToken, body: { dueDate: "2001-01-01", recurrence: "SEMESTRAL" } });
    const late = await t.call("POST", `/companies/${created.id}/renew`, { token: superToken });
    expect(late.body.dueDate).toBe(addMonths(utcToday(), 6));
  });

  it("deleting a company takes its users, settings, office hours and media with it", async () => {
    const { body: created } = await t.call("POST", "/companies", { token: superToken, body: newCompany() });
    const folder = join(t.kernel.storage.root, `company${created.id}`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "x.png"), "x");
    const res = await t.call("DELETE", `/companies/${created.id}`, { token: superToken });
    expect(res.status).toBe(200);
    expect(await companyById(t, created.id)).toBeUndefined();
    expect(await t.kernel.db.select().from(users).where(eq(users.companyId, created.id))).toEqual([]);
    expect(await t.kernel.db.select().from(companySettings).where(eq(companySettings.companyId, created.id))).toEqual([]);
    expect(await t.kernel.db.select().from(companySchedules).where(eq(companySchedules.companyId, created.id))).toEqual([]);
    expect((await t.kernel.storage.usage(created.id)).numberFileFolder).toBe(0);
  });

  it("listPlan answers the company with its whole plan nested, as the spec's clients read it (data.plan.useX)", async () => {
    const res = await t.call("GET", "/companies/listPlan/1", { token: superToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 1, planId: 1, status: true, recurrence: expect.any(String), dueDate: expect.any(String) });
    expect(res.body.plan).toMatchObject({ id: 1, name: "Plano 1", users: 10, connections: 10, queues: 10, amount: expect.any(Number) });
    expect(t.kernel.planFeatures.keys()).toHaveLength(10);
    for (const flag of t.kernel.planFeatures.keys()) expect(res.body.plan[flag], flag).toBe(true);
  });

  it("listPlan follows the plan's flags as they are switched", async () => {
    const planId = await createPlan(t, { name: "Sem Kanban", users: 3, connections: 2, queues: 4, amount: 49.9, useKanban: false, useCampaigns: false });
    const created = await t.call("POST", "/companies", { token: superToken, body: newCompany({ planId }) });
    const res = await t.call("GET", `/companies/listPlan/${created.body.id}`, { token: superToken });
    expect(res.body).toMatchObject({ id: created.body.id, name: "Padaria Sol", planId });
    expect(res.body.plan).toMatchObject({
      id: planId,
      name: "Sem Kanban",
      users: 3,
      connections: 2,
      queues: 4,
      amount: 49.9,
      useKanban: false,
      useCampaigns: false,
      useWhatsapp: true,
    });
    // Switched on the plan: the next read sees it (the features cache forgets the plan's companies).
    await t.call("PUT", `/plans/${planId}`, { token: superToken, body: { useKanban: true } });
    const after = await t.call("GET", `/companies/listPlan/${created.body.id}`, { token: superToken });
    expect(after.body.plan).toMatchObject({ useKanban: true, useCampaigns: false });
  });
});
