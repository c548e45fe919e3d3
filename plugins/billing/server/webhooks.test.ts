import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { addMonths, utcToday } from "../../companies/shared/renew.contract.ts";
import { billingCharges, billingPayments, invoices } from "../schema/tables.ts";
import { billingKernel, CHECKOUT_FORM, companyDueDate, configure, notify, payingCompany, unpaidInvoice, uploadCertificate } from "./billing.fixtures.ts";
import { type AsaasStandIn, startAsaasStandIn } from "./testing/asaas-stand-in.ts";
import { startEfiStandIn, TEST_CERTS } from "./testing/efi-stand-in.ts";
import { startMercadoPagoStandIn } from "./testing/mercadopago-stand-in.ts";
import { startStripeStandIn } from "./testing/stripe-stand-in.ts";

/** An overdue company (due 2 days ago) that checks out its invoice; answers the checkout's body. */
async function overdueCheckout(t: TestKernel, name: string, amount = 80) {
  const c = await payingCompany(t, name, { amount, dueInDays: -2 });
  const blocked = await t.call("GET", "/queue", { token: c.token });
  expect(blocked.body).toMatchObject({ error: "ERR_SUBSCRIPTION_EXPIRED" });
  const invoice = await unpaidInvoice(t, c.token);
  const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...c, invoice, payment: res.body };
}

/** After the renewal job: invoice paid, due date one month from today, the next invoice open, the company working, CONCLUIDA sent. */
async function expectRenewed(t: TestKernel, c: Awaited<ReturnType<typeof overdueCheckout>>, emit: ReturnType<typeof vi.spyOn>, paidWith: string) {
  const newDue = addMonths(utcToday(), 1);
  const [paid] = await t.kernel.db.select().from(invoices).where(eq(invoices.id, c.invoice.id));
  expect(paid).toMatchObject({ status: "paid", paidWith });
  expect(await companyDueDate(t, c.company.id)).toBe(newDue);
  expect(await unpaidInvoice(t, c.token)).toMatchObject({ status: "open", dueDate: newDue });
  expect((await t.call("GET", "/queue", { token: c.token })).status).toBe(200);
  expect(emit).toHaveBeenCalledWith(
    c.company.id,
    `company-${c.company.id}-payment`,
    expect.objectContaining({ action: "CONCLUIDA", company: expect.objectContaining({ dueDate: newDue }) }),
  );
}

describe("webhooks renew: each provider's confirmed payment marks the invoice paid and moves the due date", () => {
  it("Efí: the pix[] notification (token in the URL), each txid read back over mTLS", async () => {
    const efi = await startEfiStandIn();
    const t = await billingKernel({ EFI_API_URL: efi.url, EFI_CA_FILE: TEST_CERTS.caFile });
    try {
      await configure(t, { eficlientid: "Client_Id_test", eficlientsecret: "Client_Secret_test", efichavepix: "pix@platform.test" });
      await uploadCertificate(t, TEST_CERTS.clientP12);
      const emit = vi.spyOn(t.kernel.realtime, "emit");
      const c = await overdueCheckout(t, "Efi Renew");
      const [txid] = [...efi.cobs.keys()];
      const notification = efi.pay(txid!);
      const res = await notify(t, notification);
      expect(res).toMatchObject({ status: 200, body: { received: 1, confirmed: 1 } });
      expect(efi.requests.at(-1)).toMatchObject({ method: "GET", path: `/v2/cob/${txid}` });
      await t.kernel.jobs.runDue();
      await expectRenewed(t, c, emit, "efi");
    } finally {
      await t.close();
      await efi.close();
    }
  });

  it("Mercado Pago: type=payment with x-signature; the payment read back must be approved", async () => {
    const mp = await startMercadoPagoStandIn("APP_USR-test", "mp-secret");
    const t = await billingKernel({ MERCADOPAGO_API_URL: mp.url });
    try {
      await configure(t, { mpaccesstoken: "APP_USR-test", mpwebhooksecret: "mp-secret" });
      const emit = vi.spyOn(t.kernel.realtime, "emit");
      const c = await overdueCheckout(t, "MP Renew");
      const [preference] = [...mp.preferences.values()];
      // A pending payment confirms nothing.
      const pending = await notify(t, mp.pay(String(preference!.external_reference), { status: "pending" }));
      expect(pending.body).toEqual({ received: 0, confirmed: 0 });
      const res = await notify(t, mp.pay(String(preference!.external_reference)));
      expect(res).toMatchObject({ status: 200, body: { confirmed: 1 } });
      await t.kernel.jobs.runDue();
      await expectRenewed(t, c, emit, "mercadopago");
    } finally {
      await t.close();
      await mp.close();
    }
  });

  it("Stripe: checkout.session.completed signed with Stripe-Signature", async () => {
    const stripe = await startStripeStandIn("sk_test_123", "whsec_test");
    const t = await billingKernel({ STRIPE_API_URL: stripe.url });
    try {
      await configure(t, { stripeprivatekey: "sk_test_123", stripewebhooksecret: "whsec_test" });
      const emit = vi.spyOn(t.kernel.realtime, "emit");
      const c = await overdueCheckout(t, "Stripe Renew");
      const [session] = [...stripe.sessions.keys()];
      expect(await notify(t, stripe.pay(session!))).toMatchObject({ status: 200, body: { confirmed: 1 } });
      await t.kernel.jobs.runDue();
      await expectRenewed(t, c, emit, "stripe");
    } finally {
      await t.close();
      await stripe.close();
    }
  });
});

describe("webhooks: idempotent and durable (Asaas)", () => {
  let asaas: AsaasStandIn;
  let t: TestKernel;
  beforeAll(async () => {
    asaas = await startAsaasStandIn("$aact_test", "asaas-hook-token");
    t = await billingKernel({ ASAAS_API_URL: asaas.url });
    await configure(t, { asaastoken: "$aact_test", asaaswebhooktoken: "asaas-hook-token" });
  });
  afterAll(async () => {
    await t.close();
    await asaas.close();
  });

  it("PAYMENT_RECEIVED renews once, however often it is delivered (before or after the renewal ran)", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const c = await overdueCheckout(t, "Asaas Twice");
    const paymentId = [...asaas.payments.keys()].at(-1)!;
    const notification = asaas.pay(paymentId);
    expect((await notify(t, notification)).body).toEqual({ received: 1, confirmed: 1 });
    expect((await notify(t, notification)).body).toEqual({ received: 1, confirmed: 0 });
    await t.kernel.jobs.runDue();
    await expectRenewed(t, c, emit, "asaas");
    const due = await companyDueDate(t, c.company.id);
    // Asaas sends PAYMENT_CONFIRMED too, and retries: nothing moves again.
    expect((await notify(t, asaas.pay(paymentId, { event: "PAYMENT_CONFIRMED" }))).body).toEqual({ received: 1, confirmed: 0 });
    expect((await notify(t, notification)).body).toEqual({ received: 1, confirmed: 0 });
    await t.kernel.jobs.runDue();
    expect(await companyDueDate(t, c.company.id)).toBe(due);
    expect((await t.kernel.db.select().from(invoices).where(eq(invoices.companyId, c.company.id))).map((i) => i.status).sort()).toEqual(["open", "paid"]);
    // One payment, whatever its events: nothing for the operator to look at.
    expect((await t.kernel.db.select().from(billingPayments).where(eq(billingPayments.companyId, c.company.id))).map((p) => [p.paymentId, p.outcome])).toEqual([
      [paymentId, "applied"],
    ]);
  });

  it("events that are not a settlement change nothing", async () => {
    const c = await overdueCheckout(t, "Asaas Created");
    const paymentId = [...asaas.payments.keys()].at(-1)!;
    expect((await notify(t, asaas.pay(paymentId, { event: "PAYMENT_CREATED" }))).body).toEqual({ received: 0, confirmed: 0 });
    expect((await notify(t, asaas.pay(paymentId, { value: 1 }))).body).toEqual({ received: 1, confirmed: 0 });
    await t.kernel.jobs.runDue();
    expect((await unpaidInvoice(t, c.token)).id).toBe(c.invoice.id);
    // The short payment is recorded for the operator.
    const { token } = await t.login();
    const listed = await t.call("GET", `/billing/payments?attention=true&companyId=${c.company.id}`, { token });
    expect(listed.body.payments).toMatchObject([{ paymentId, amount: 1, chargeAmount: 80, outcome: "short" }]);
  });
});

describe("webhooks: a crash between receipt and renewal loses nothing", () => {
  it("the process dies after the notification was stored; a new process on the same database renews", async () => {
    const asaas = await startAsaasStandIn("$aact_test", "asaas-hook-token");
    const first = await billingKernel({ ASAAS_API_URL: asaas.url });
    const dataDir = first.dataDir;
    await configure(first, { asaastoken: "$aact_test", asaaswebhooktoken: "asaas-hook-token" });
    const c = await overdueCheckout(first, "Asaas Crash");
    const paymentId = [...asaas.payments.keys()].at(-1)!;
    expect((await notify(first, asaas.pay(paymentId))).body).toEqual({ received: 1, confirmed: 1 });
    // The crash: the job never ran in this process. The receipt and the job row committed together.
    await first.kernel.stop();
    const second = await billingKernel({ ASAAS_API_URL: asaas.url }, dataDir);
    try {
      const [charge] = await second.kernel.db.select().from(billingCharges).where(eq(billingCharges.externalId, paymentId));
      expect(charge).toMatchObject({ status: "confirmed" });
      expect(await companyDueDate(second, c.company.id)).toBe(c.dueDate);
      const emit = vi.spyOn(second.kernel.realtime, "emit");
      expect(await second.kernel.jobs.runDue()).toBeGreaterThan(0);
      const { token } = await second.login(c.email, c.password);
      await expectRenewed(second, { ...c, token }, emit, "asaas");
      // A redelivery after the restart changes nothing either.
      expect((await notify(second, asaas.pay(paymentId))).body).toEqual({ received: 1, confirmed: 0 });
    } finally {
      await second.close();
      await asaas.close();
    }
  });
});
