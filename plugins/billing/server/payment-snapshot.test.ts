import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlan } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { addMonths } from "../../companies/shared/renew.contract.ts";
import { billingCharges, billingPayments, invoices } from "../schema/tables.ts";
import { billingKernel, CHECKOUT_FORM, companyDueDate, configure, notify, payingCompany, unpaidInvoice } from "./billing.fixtures.ts";
import { startMercadoPagoStandIn } from "./testing/mercadopago-stand-in.ts";
import { startStripeStandIn } from "./testing/stripe-stand-in.ts";

/**
 * Issue 32 item 1: a payment confirms exactly what its charge was priced for. Each charge keeps
 * a snapshot (plan, custom users and connections, value, recurrence, period); the renewal pays
 * the invoice with the paying charge's snapshot, never with the invoice's values of the moment.
 */
type Stripe = Awaited<ReturnType<typeof startStripeStandIn>>;
let stripe: Stripe;
let t: TestKernel;
let superToken: string;
let n = 0;

beforeAll(async () => {
  stripe = await startStripeStandIn("sk_test_snap", "whsec_snap");
  t = await billingKernel({ STRIPE_API_URL: stripe.url });
  await configure(t, { stripeprivatekey: "sk_test_snap", stripewebhooksecret: "whsec_snap" });
  superToken = (await t.login()).token;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const newUser = (token: string) => {
  n += 1;
  return t.call("POST", "/users", { token, body: { name: `Pessoa ${n}`, email: `snap${n}-${Date.now()}@snapshot.test`, password: "Secret123" } });
};
const newConnection = (token: string) => t.call("POST", "/whatsapp", { token, body: { name: `Canal ${++n}` } });

/** Checks out the company's unpaid invoice as a custom plan; answers the Stripe session it made. */
async function customCheckout(token: string, invoiceId: number, users: number, connections: number) {
  const res = await t.call("POST", "/subscription", { token, body: { ...CHECKOUT_FORM, invoiceId, plan: JSON.stringify({ users, connections, price: 1 }) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [charge] = await t.kernel.db.select().from(billingCharges).where(eq(billingCharges.id, res.body.chargeId));
  return { value: res.body.value as number, chargeId: res.body.chargeId as number, session: charge!.externalId };
}

async function attention(token = superToken) {
  return t.call("GET", "/billing/payments?attention=true", { token });
}

describe("a payment confirms exactly what its charge was priced for", () => {
  it("the issue's case: 3/3 charged, re-checked out as 1000/1000, the 3/3 charge paid: 3/3 is what the company gets", async () => {
    // A 50-user plan: the paid custom plan's numbers replace the plan's, also when fewer.
    const c = await payingCompany(t, "Cheap Settles Expensive", { amount: 499, users: 50, connections: 50 });
    const invoice = await unpaidInvoice(t, c.token);
    const cheap = await customCheckout(c.token, invoice.id, 3, 3);
    expect(cheap.value).toBe(49);
    const dear = await customCheckout(c.token, invoice.id, 1000, 1000);
    expect(dear.value).toBe(30956);
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ id: invoice.id, users: 1000, connections: 1000, value: 30956 });

    // The older charge is superseded, and cancelled at Stripe (its session expired).
    const [older] = await t.kernel.db.select().from(billingCharges).where(eq(billingCharges.id, cheap.chargeId));
    expect(older).toMatchObject({ status: "superseded", amount: 49, users: 3, connections: 3, custom: true, dueDate: c.dueDate });
    expect(stripe.sessions.get(cheap.session)).toMatchObject({ status: "expired" });

    // The payer still pays the 49.00 (a payment that raced the expiry), correctly signed.
    expect(await notify(t, stripe.pay(cheap.session))).toMatchObject({ status: 200, body: { received: 1, confirmed: 1 } });
    await t.kernel.jobs.runDue();

    // The invoice records what was paid: 3 users, 3 connections, 49.00.
    const [paid] = await t.kernel.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ status: "paid", paidWith: "stripe", custom: true, users: 3, connections: 3, value: 49 });
    expect(await companyDueDate(t, c.company.id)).toBe(addMonths(c.dueDate, 1));

    // The company gets 3 users (the admin is the first) and 3 connections, not beyond.
    for (let i = 1; i < 3; i++) expect((await newUser(c.token)).status).toBe(200);
    expect(await newUser(c.token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_LIMIT_USERS", limit: 3 } });
    for (let i = 0; i < 3; i++) expect((await newConnection(c.token)).status).toBe(200);
    expect(await newConnection(c.token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_LIMIT_CONNECTIONS", limit: 3 } });

    // The next invoice is the custom plan that was paid, not the 1000/1000 one.
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ custom: true, users: 3, connections: 3, value: 49, dueDate: addMonths(c.dueDate, 1) });

    // The 1000/1000 charge paid afterwards: recorded for the operator, nothing extended again.
    expect((await notify(t, stripe.pay(dear.session))).body).toEqual({ received: 1, confirmed: 0 });
    await t.kernel.jobs.runDue();
    expect(await companyDueDate(t, c.company.id)).toBe(addMonths(c.dueDate, 1));
    const listed = await attention();
    expect(listed.status).toBe(200);
    expect(listed.body.payments.find((p: { chargeId: number }) => p.chargeId === dear.chargeId)).toMatchObject({
      companyId: c.company.id,
      companyName: "Cheap Settles Expensive",
      invoiceId: invoice.id,
      provider: "stripe",
      paymentId: dear.session,
      amount: 30956,
      chargeAmount: 30956,
      outcome: "surplus",
    });
    // The company's admin does not see the operator's record.
    expect((await attention(c.token)).body).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("a charge priced for a plan the operator has since changed settles nothing: recorded as stale, the invoice stays unpaid", async () => {
    const c = await payingCompany(t, "Plan Changed Meanwhile", { amount: 40 });
    const invoice = await unpaidInvoice(t, c.token);
    const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
    const [charge] = await t.kernel.db.select().from(billingCharges).where(eq(billingCharges.id, res.body.chargeId));
    const dearer = await createPlan(t, { amount: 400, users: 20, connections: 20, queues: 4 });
    expect((await t.call("PUT", `/companies/${c.company.id}`, { token: superToken, body: { planId: dearer } })).status).toBe(200);
    expect((await notify(t, stripe.pay(charge!.externalId))).body).toEqual({ received: 1, confirmed: 0 });
    await t.kernel.jobs.runDue();
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ id: invoice.id, value: 400 });
    expect(await companyDueDate(t, c.company.id)).toBe(c.dueDate);
    expect((await attention()).body.payments.find((p: { chargeId: number }) => p.chargeId === charge!.id)).toMatchObject({ outcome: "stale", amount: 40 });
  });

  it("the operator's confirmation after a payment arrived (renewal still queued) applies that payment, not the invoice as it stands", async () => {
    const c = await payingCompany(t, "Operator Hurries", { amount: 99 });
    const invoice = await unpaidInvoice(t, c.token);
    const cheap = await customCheckout(c.token, invoice.id, 4, 3);
    await customCheckout(c.token, invoice.id, 9, 9);
    expect((await notify(t, stripe.pay(cheap.session))).body).toEqual({ received: 1, confirmed: 1 });
    const res = await t.call("POST", `/invoices/${invoice.id}/pay`, { token: superToken });
    expect(res).toMatchObject({ status: 200, body: { status: "paid", paidWith: "stripe", users: 4, connections: 3, value: cheap.value } });
    await t.kernel.jobs.runDue();
    expect(await companyDueDate(t, c.company.id)).toBe(addMonths(c.dueDate, 1));
  });
});

describe("a second payment is recorded and shown to the operator, never absorbed", () => {
  it("Mercado Pago: one preference paid twice; the first settles, the second is a surplus; a redelivery is neither", async () => {
    const mp = await startMercadoPagoStandIn("APP_USR-dup", "mp-dup-secret");
    const k = await billingKernel({ MERCADOPAGO_API_URL: mp.url });
    try {
      await configure(k, { mpaccesstoken: "APP_USR-dup", mpwebhooksecret: "mp-dup-secret" });
      const { token: operator } = await k.login();
      const c = await payingCompany(k, "Paid Twice", { amount: 75 });
      const invoice = await unpaidInvoice(k, c.token);
      await k.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
      const [preference] = [...mp.preferences.values()];
      const reference = String(preference!.external_reference);
      const first = mp.pay(reference);
      expect((await notify(k, first)).body).toEqual({ received: 1, confirmed: 1 });
      await k.kernel.jobs.runDue();
      expect(await companyDueDate(k, c.company.id)).toBe(addMonths(c.dueDate, 1));

      // The same notification again (Mercado Pago retries): nothing recorded twice, no look-up needed.
      const lookups = mp.requests.length;
      expect((await notify(k, first)).body).toEqual({ received: 0, confirmed: 0 });
      expect(mp.requests.length).toBe(lookups);

      // A second, real payment of the same preference.
      const second = mp.pay(reference);
      expect((await notify(k, second)).body).toEqual({ received: 1, confirmed: 0 });
      await k.kernel.jobs.runDue();
      expect(await companyDueDate(k, c.company.id)).toBe(addMonths(c.dueDate, 1));
      const rows = await k.kernel.db.select().from(billingPayments).where(eq(billingPayments.companyId, c.company.id));
      expect(rows.map((r) => r.outcome).sort()).toEqual(["applied", "surplus"]);
      const listed = await k.call("GET", "/billing/payments?attention=1", { token: operator });
      expect(listed.body).toMatchObject({ count: 1, hasMore: false });
      expect(listed.body.payments[0]).toMatchObject({ provider: "mercadopago", invoiceId: invoice.id, amount: 75, outcome: "surplus" });
      expect(listed.body.payments[0].paymentId).toBe(new URL(second.path, "http://x").searchParams.get("data.id"));
      const all = await k.call("GET", `/billing/payments?companyId=${c.company.id}`, { token: operator });
      expect(all.body.payments.map((p: { outcome: string }) => p.outcome)).toEqual(["surplus", "applied"]);
    } finally {
      await k.close();
      await mp.close();
    }
  });
});
