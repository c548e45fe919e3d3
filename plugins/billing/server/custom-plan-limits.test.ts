import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlan } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { addMonths, utcToday } from "../../companies/shared/renew.contract.ts";
import { invoices } from "../schema/tables.ts";
import { billingKernel, CHECKOUT_FORM, configure, payingCompany, unpaidInvoice } from "./billing.fixtures.ts";

/**
 * A custom plan paid at checkout (spec 001 §9) gives the company its users and connections
 * for the period it paid for: the users plugin's POST /users and the connections plugin's
 * POST /whatsapp enforce them, through the kernel's plan limits that billing overrides.
 * Payment here is the static PIX the operator confirms by hand (POST /invoices/{id}/pay), the
 * same renewal a provider's notification runs.
 */
let t: TestKernel;
let superToken: string;
let n = 0;

beforeAll(async () => {
  t = await billingKernel();
  await configure(t, { pixstatickey: "financeiro@plataforma.test", pixstaticname: "Plataforma", pixstaticcity: "Curitiba" });
  superToken = (await t.login()).token;
});
afterAll(() => t.close());

const newUser = (token: string) => {
  n += 1;
  return t.call("POST", "/users", { token, body: { name: `Pessoa ${n}`, email: `pessoa${n}-${Date.now()}@limites.test`, password: "Secret123" } });
};
const newConnection = (token: string) => t.call("POST", "/whatsapp", { token, body: { name: `Canal ${++n}` } });

/** Creates users (the admin is the first) or connections until `total`, each accepted. */
async function fillTo(token: string, kind: "users" | "connections", from: number, total: number): Promise<void> {
  for (let i = from; i < total; i++) {
    const res = kind === "users" ? await newUser(token) : await newConnection(token);
    expect(res.status, `${kind} #${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
  }
}

async function expectRefused(token: string, kind: "users" | "connections", limit: number): Promise<void> {
  const res = kind === "users" ? await newUser(token) : await newConnection(token);
  expect(res.status).toBe(403);
  expect(res.body).toMatchObject({ error: kind === "users" ? "ERR_PLAN_LIMIT_USERS" : "ERR_PLAN_LIMIT_CONNECTIONS", limit });
}

/** A company on a 3-user, 3-connection plan that checks out a custom plan; answers the invoice it charged. */
async function customCheckout(name: string, users: number, connections: number) {
  const c = await payingCompany(t, name, { amount: 49, users: 3, connections: 3 });
  const invoice = await unpaidInvoice(t, c.token);
  const plan = JSON.stringify({ users, connections, price: 1 });
  const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id, plan } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.qrcode.qrcode).toBeTruthy();
  return { ...c, invoice: { ...invoice, value: res.body.value as number } };
}

async function operatorConfirms(invoiceId: number): Promise<void> {
  const res = await t.call("POST", `/invoices/${invoiceId}/pay`, { token: superToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("custom plan limits: what the payment bought", () => {
  it("an unpaid custom checkout changes nothing: the plan's 3 users and 3 connections still hold", async () => {
    const c = await customCheckout("Ainda Não Pagou", 6, 4);
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ custom: true, users: 6, connections: 4, status: "open" });
    await fillTo(c.token, "users", 1, 3);
    await expectRefused(c.token, "users", 3);
    await fillTo(c.token, "connections", 0, 3);
    await expectRefused(c.token, "connections", 3);
  });

  it("a confirmed payment gives the custom users and connections: up to the paid numbers and not beyond", async () => {
    const c = await customCheckout("Seis Usuários", 6, 4);
    expect(c.invoice.value).toBe(49 + 3 * 11 + 1 * 20);
    await fillTo(c.token, "users", 1, 3);
    await expectRefused(c.token, "users", 3);
    await operatorConfirms(c.invoice.id);

    await fillTo(c.token, "users", 3, 6);
    await expectRefused(c.token, "users", 6);
    await fillTo(c.token, "connections", 0, 4);
    await expectRefused(c.token, "connections", 4);

    // The paid invoice says until when (one month after the due date it paid); the next period is billed as the same custom plan.
    const newDue = addMonths(c.dueDate, 1);
    const [paid] = await t.kernel.db.select().from(invoices).where(eq(invoices.id, c.invoice.id));
    expect(paid).toMatchObject({ status: "paid", custom: true, paidUntil: newDue });
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ custom: true, users: 6, connections: 4, value: 102, dueDate: newDue, detail: "Plano personalizado" });
  });

  it("paying the next custom invoice keeps the limits; paying the plan as it is brings the plan's back", async () => {
    const c = await customCheckout("Renova Personalizado", 5, 3);
    await operatorConfirms(c.invoice.id);
    await fillTo(c.token, "users", 1, 5);
    await expectRefused(c.token, "users", 5);

    // Next period, custom again (the invoice kept it): still 5.
    const next = await unpaidInvoice(t, c.token);
    expect(next).toMatchObject({ custom: true, users: 5 });
    const again = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: next.id, plan: JSON.stringify({ users: 5, connections: 3 }) } });
    expect(again.status).toBe(200);
    await operatorConfirms(next.id);
    await expectRefused(c.token, "users", 5);

    // The period after that, the plan as it is: its 3 users are the limit again (the 5 already made stay).
    const third = await unpaidInvoice(t, c.token);
    const plain = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: third.id, plan: "" } });
    expect(plain.body.value).toBe(49);
    await operatorConfirms(third.id);
    await expectRefused(c.token, "users", 3);
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ custom: false, users: 3, value: 49 });
  });

  it("the period ends on the due date it bought: from then the plan's limits apply until the next payment", async () => {
    const c = await customCheckout("Período Acabou", 6, 4);
    await operatorConfirms(c.invoice.id);
    await fillTo(c.token, "users", 1, 4);
    await fillTo(c.token, "connections", 0, 3);
    // As if the month had passed (the company's own due date is left alone: it would lock the company out).
    await t.kernel.db.update(invoices).set({ paidUntil: utcToday() }).where(eq(invoices.id, c.invoice.id));
    await expectRefused(c.token, "users", 3);
    await expectRefused(c.token, "connections", 3);
  });

  it("the operator moving the company to another plan ends the custom limits (the new plan's hold)", async () => {
    const c = await customCheckout("Mudou de Plano", 6, 4);
    await operatorConfirms(c.invoice.id);
    await fillTo(c.token, "users", 1, 6);
    const bigger = await createPlan(t, { amount: 500, users: 8, connections: 10, queues: 4 });
    const moved = await t.call("PUT", `/companies/${c.company.id}`, { token: superToken, body: { planId: bigger } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await fillTo(c.token, "users", 6, 8);
    await expectRefused(c.token, "users", 8);
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ custom: false, users: 8, value: 500 });
  });

  it("another company's custom plan changes nothing for this one", async () => {
    const paid = await customCheckout("Pagou Seis", 6, 4);
    await operatorConfirms(paid.invoice.id);
    const other = await payingCompany(t, "Vizinha", { amount: 49, users: 3, connections: 3 });
    await fillTo(other.token, "users", 1, 3);
    await expectRefused(other.token, "users", 3);
  });
});
