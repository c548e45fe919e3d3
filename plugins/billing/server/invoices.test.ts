import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../../core/db/tables.ts";
import { createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { addDays, utcToday } from "../../companies/shared/renew.contract.ts";
import { invoices } from "../schema/tables.ts";
import { billingKernel, payingCompany, unpaidInvoice } from "./billing.fixtures.ts";

let t: TestKernel;
let superToken: string;
beforeAll(async () => {
  t = await billingKernel();
  superToken = (await t.login()).token;
});
afterAll(() => t.close());

const newCompany = (name: string, planId: number, extra: Record<string, unknown> = {}) => ({
  name,
  email: `${name.toLowerCase().replace(/\W/g, "")}@billing.test`,
  password: "segredo1",
  planId,
  status: true,
  ...extra,
});

describe("invoices: one unpaid invoice per company, kept to its plan, recurrence and due date", () => {
  it("a company made on the companies screen has its open invoice at once: plan, limits, value, due date", async () => {
    const plan = await t.call("POST", "/plans", { token: superToken, body: { name: "Plano Ouro", users: 7, connections: 3, queues: 5, amount: 120 } });
    const created = await t.call("POST", "/companies", { token: superToken, body: newCompany("Padaria Lua", plan.body.id, { dueDate: "2031-05-10" }) });
    expect(created.status).toBe(200);
    const rows = await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, created.body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ detail: "Plano Ouro", users: 7, connections: 3, queues: 5, value: 120, dueDate: "2031-05-10", status: "open", recurrence: "MENSAL" });
  });

  it("follows the company's plan, recurrence and due date when the operator edits them (value = monthly amount x months)", async () => {
    const plan = await t.call("POST", "/plans", { token: superToken, body: { name: "Plano Prata", users: 4, connections: 2, queues: 2, amount: 50 } });
    const other = await t.call("POST", "/plans", { token: superToken, body: { name: "Plano Bronze", users: 2, connections: 1, queues: 1, amount: 30 } });
    const { body: company } = await t.call("POST", "/companies", { token: superToken, body: newCompany("Oficina Sol", plan.body.id, { dueDate: "2031-01-31" }) });
    await t.call("PUT", `/companies/${company.id}`, { token: superToken, body: { recurrence: "TRIMESTRAL" } });
    let [row] = await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, company.id));
    expect(row).toMatchObject({ value: 150, recurrence: "TRIMESTRAL", dueDate: "2031-01-31" });
    await t.call("PUT", `/companies/${company.id}`, { token: superToken, body: { planId: other.body.id, dueDate: "2031-02-15" } });
    [row] = await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, company.id));
    expect(row).toMatchObject({ detail: "Plano Bronze", users: 2, value: 90, dueDate: "2031-02-15" });
    expect(await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, company.id))).toHaveLength(1);
  });

  it("the company's admin sees only its own invoices, with the count and hasMore; the operator sees every company's", async () => {
    const a = await payingCompany(t, "Alfa Invoices", { amount: 80 });
    const b = await payingCompany(t, "Beta Invoices", { amount: 60 });
    const own = await t.call("GET", "/invoices", { token: a.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ count: 1, hasMore: false });
    expect(own.body.invoices[0]).toMatchObject({ companyId: a.company.id, companyName: "Alfa Invoices", value: 80, status: "open", dueDate: a.dueDate });
    await unpaidInvoice(t, b.token);
    const all = await t.call("GET", "/invoices/?searchParam=Invoices", { token: superToken });
    expect(all.status).toBe(200);
    expect(all.body.invoices.map((i: { companyName: string }) => i.companyName).sort()).toEqual(["Alfa Invoices", "Beta Invoices"]);
    const search = await t.call("GET", "/invoices?searchParam=Beta&pageNumber=1", { token: superToken });
    expect(search.body.invoices.map((i: { companyId: number }) => i.companyId)).toEqual([b.company.id]);
  });

  it("GET /invoices/all answers the original API's bare array (its Financeiro maps over it), unpaged, for any signed-in user of the company", async () => {
    const a = await payingCompany(t, "Array Alfa", { amount: 70 });
    const b = await payingCompany(t, "Array Beta", { amount: 60 });
    // A paid period as history: the array holds every invoice, latest due date first, whatever pageNumber says.
    await t.call("POST", `/invoices/${(await unpaidInvoice(t, a.token)).id}/pay`, { token: superToken });
    const res = await t.call("GET", "/invoices/all?searchParam=&pageNumber=2", { token: a.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((i: { status: string }) => i.status)).toEqual(["open", "paid"]);
    // The spec's Invoice fields (001 §3).
    for (const invoice of res.body) expect(Object.keys(invoice)).toEqual(expect.arrayContaining(["id", "detail", "users", "connections", "queues", "value", "dueDate", "status"]));
    const plain = await createUser(t, a.company.id);
    const asUser = await t.call("GET", "/invoices/all/", { token: plain.token });
    expect(asUser.status).toBe(200);
    expect(asUser.body.map((i: { id: number }) => i.id)).toEqual(res.body.map((i: { id: number }) => i.id));
    // The operator: every company's (one of them by companyId).
    const operator = await t.call("GET", "/invoices/all?searchParam=Array", { token: superToken });
    expect(new Set(operator.body.map((i: { companyId: number }) => i.companyId))).toEqual(new Set([a.company.id, b.company.id]));
  });

  it("the daily sweep creates missing invoices and marks past-due ones overdue", async () => {
    const c = await payingCompany(t, "Gama Sweep", { dueInDays: -3 });
    // A company written straight to the database (a restore, another node): nobody told billing.
    await t.kernel.db.delete(invoices).where(eq(invoices.companyId, c.company.id));
    await t.kernel.db
      .update(companies)
      .set({ dueDate: addDays(utcToday(), -3) })
      .where(eq(companies.id, c.company.id));
    // The sweep is the durable job billing.sweep, enqueued at start and hourly with the day as its dedupe key.
    await t.kernel.jobs.enqueue("billing.sweep", {});
    await t.kernel.jobs.runDue();
    const [row] = await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, c.company.id));
    expect(row).toMatchObject({ status: "overdue", dueDate: addDays(utcToday(), -3) });
  });

  it("GET /subscription answers the licence period, billing e-mail, plan and the unpaid invoice", async () => {
    const d = await payingCompany(t, "Delta Assinatura", { amount: 45, recurrence: "ANUAL" });
    const res = await t.call("GET", "/subscription/", { token: d.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyId: d.company.id,
      email: d.company.email,
      dueDate: d.dueDate,
      recurrence: "ANUAL",
      plan: { amount: 45 },
      invoice: { value: 540, status: "open" },
    });
  });

  it("a self-signup company has its trial's invoice at once, due when the 7-day trial ends", async () => {
    const plan = await t.call("POST", "/plans", { token: superToken, body: { name: "Plano Trial", users: 3, connections: 1, queues: 1, amount: 39.9, isPublic: true } });
    const res = await t.call("POST", "/auth/signup", {
      body: { name: "Rita Dona", email: "rita@trial.test", password: "segredo1", companyName: "Loja Trial", phone: "11999998888", planId: plan.body.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, res.body.company.id));
    expect(row).toMatchObject({ detail: "Plano Trial", value: 39.9, dueDate: addDays(utcToday(), 7), status: "open" });
  });

  it("the platform company never gets an invoice", async () => {
    const res = await t.call("GET", "/subscription", { token: superToken });
    expect(res.body.invoice).toBeNull();
    expect(await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, 1))).toHaveLength(0);
  });
});
