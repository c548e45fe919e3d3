import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/fixtures.ts";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { billingCharges } from "../schema/tables.ts";
import { billingKernel, CHECKOUT_FORM, configure, notify, payingCompany, unpaidInvoice, uploadCertificate } from "./billing.fixtures.ts";
import { startAsaasStandIn } from "./testing/asaas-stand-in.ts";
import { startEfiStandIn, TEST_CERTS } from "./testing/efi-stand-in.ts";
import { startMercadoPagoStandIn } from "./testing/mercadopago-stand-in.ts";
import { startStripeStandIn, stripeSignature } from "./testing/stripe-stand-in.ts";

describe("billing security: tenancy, roles, overdue companies", () => {
  let t: TestKernel;
  let a: Awaited<ReturnType<typeof payingCompany>>;
  let b: Awaited<ReturnType<typeof payingCompany>>;
  beforeAll(async () => {
    t = await billingKernel();
    await configure(t, { pixstatickey: "pix@platform.test", pixstaticname: "Plataforma", pixstaticcity: "Recife" });
    a = await payingCompany(t, "Alfa Seg", { dueInDays: -1 });
    b = await payingCompany(t, "Beta Seg");
  });
  afterAll(() => t.close());

  it("a company never sees nor pays another's invoice; the company comes from the token, not the body", async () => {
    const bInvoice = await unpaidInvoice(t, b.token);
    const list = await t.call("GET", "/invoices?searchParam=Beta", { token: a.token });
    expect(list.body.invoices).toEqual([]);
    expect((await t.call("GET", "/invoices/all?searchParam=Beta", { token: a.token })).body).toEqual([]);
    const named = await t.call("GET", `/invoices?companyId=${b.company.id}`, { token: a.token });
    expect(named.body.invoices.map((i: { companyId: number }) => i.companyId)).toEqual([a.company.id]);
    const namedAll = await t.call("GET", `/invoices/all?companyId=${b.company.id}`, { token: a.token });
    expect(namedAll.body.map((i: { companyId: number }) => i.companyId)).toEqual([a.company.id]);
    const { token: superToken } = await t.login();
    const operator = await t.call("GET", `/invoices?companyId=${b.company.id}`, { token: superToken });
    expect(operator.body.invoices.map((i: { id: number }) => i.id)).toEqual([bInvoice.id]);
    expect((await t.call("GET", `/invoices/all?companyId=${b.company.id}`, { token: superToken })).body.map((i: { id: number }) => i.id)).toEqual([bInvoice.id]);
    const pay = await t.call("POST", "/subscription", { token: a.token, body: { ...CHECKOUT_FORM, invoiceId: bInvoice.id, companyId: b.company.id } });
    expect(pay).toMatchObject({ status: 404, body: { error: "ERR_NO_INVOICE_FOUND" } });
    expect(await t.kernel.db.select().from(billingCharges).where(eq(billingCharges.invoiceId, bInvoice.id))).toEqual([]);
  });

  it("billing is the admins' (spec 001 §6): a plain user is refused, but reads GET /invoices/all as the original lets it; marking paid and the payments record are the operator's alone", async () => {
    const user = await createUser(t, a.company.id);
    expect((await t.call("GET", "/invoices", { token: user.token })).body).toEqual({ error: "ERR_NO_PERMISSION" });
    const own = await t.call("GET", "/invoices/all", { token: user.token });
    expect(own.status).toBe(200);
    expect(own.body.map((i: { companyId: number }) => i.companyId)).toEqual([a.company.id]);
    expect((await t.call("GET", "/billing/payments", { token: a.token })).body).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await t.call("POST", "/subscription", { token: user.token, body: CHECKOUT_FORM })).status).toBe(403);
    const invoice = await unpaidInvoice(t, b.token);
    expect((await t.call("POST", `/invoices/${invoice.id}/pay`, { token: b.token })).body).toEqual({ error: "ERR_NO_PERMISSION" });
  });

  it("an overdue company reaches every billing route, and nothing else", async () => {
    expect((await t.call("GET", "/queue", { token: a.token })).status).toBe(402);
    expect((await t.call("GET", "/invoices/all", { token: a.token })).status).toBe(200);
    expect((await t.call("GET", "/subscription", { token: a.token })).status).toBe(200);
    const invoice = await unpaidInvoice(t, a.token);
    expect(invoice.status).toBe("overdue");
    const res = await t.call("POST", "/subscription", { token: a.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
    expect(res.status).toBe(200);
  });

  it("the operator's one click renews the overdue company at once", async () => {
    const invoice = await unpaidInvoice(t, a.token);
    const { token } = await t.login();
    const res = await t.call("POST", `/invoices/${invoice.id}/pay/`, { token });
    expect(res).toMatchObject({ status: 200, body: { id: invoice.id, status: "paid", paidWith: "manual", companyName: "Alfa Seg" } });
    expect((await t.call("GET", "/queue", { token: a.token })).status).toBe(200);
    // The static PIX charge made at checkout can no longer settle it (a payment of it is a surplus); the operator's confirmation is a charge of its own.
    const charges = await t.kernel.db.select().from(billingCharges).where(eq(billingCharges.invoiceId, invoice.id));
    expect(charges.map((c) => [c.provider, c.status])).toEqual([
      ["pix", "superseded"],
      ["manual", "confirmed"],
    ]);
  });
});

describe("billing security: webhooks are authenticated the provider's way and change nothing otherwise", () => {
  it("Stripe: no signature, a wrong secret or an old timestamp is ERR_WEBHOOK_UNAUTHORIZED; no secret configured refuses all", async () => {
    const stripe = await startStripeStandIn("sk_test", "whsec_right");
    const t = await billingKernel({ STRIPE_API_URL: stripe.url });
    try {
      await configure(t, { stripeprivatekey: "sk_test" });
      const c = await payingCompany(t, "Stripe Seg");
      await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: (await unpaidInvoice(t, c.token)).id } });
      const [id] = [...stripe.sessions.keys()];
      const good = stripe.pay(id!);
      expect((await notify(t, good)).status).toBe(401); // no stripewebhooksecret yet
      await configure(t, { stripewebhooksecret: "whsec_right" });
      expect((await notify(t, { ...good, headers: {} })).body).toEqual({ error: "ERR_WEBHOOK_UNAUTHORIZED" });
      expect((await notify(t, stripe.pay(id!, { secret: "whsec_wrong" }))).status).toBe(401);
      expect((await notify(t, stripe.pay(id!, { t: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(401);
      expect((await notify(t, { ...good, raw: good.raw.replace('"paid"', '"paid" ') })).status).toBe(401);
      expect(stripeSignature("whsec_right", good.raw)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const [charge] = await t.kernel.db.select().from(billingCharges);
      expect(charge!.status).toBe("pending");
      expect((await notify(t, good)).body).toEqual({ received: 1, confirmed: 1 });
    } finally {
      await t.close();
      await stripe.close();
    }
  });

  it("Asaas: the wrong asaas-access-token, or none configured, is refused", async () => {
    const asaas = await startAsaasStandIn("$aact", "right-token");
    const t = await billingKernel({ ASAAS_API_URL: asaas.url });
    try {
      await configure(t, { asaastoken: "$aact" });
      const c = await payingCompany(t, "Asaas Seg");
      await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: (await unpaidInvoice(t, c.token)).id } });
      const [id] = [...asaas.payments.keys()];
      expect((await notify(t, asaas.pay(id!))).status).toBe(401);
      await configure(t, { asaaswebhooktoken: "right-token" });
      expect((await notify(t, asaas.pay(id!, { token: "wrong-token" }))).body).toEqual({ error: "ERR_WEBHOOK_UNAUTHORIZED" });
      expect((await t.kernel.db.select().from(billingCharges))[0]!.status).toBe("pending");
    } finally {
      await t.close();
      await asaas.close();
    }
  });

  it("Mercado Pago: with a secret set, a missing or wrong x-signature is refused", async () => {
    const mp = await startMercadoPagoStandIn("APP_USR", "right-secret");
    const t = await billingKernel({ MERCADOPAGO_API_URL: mp.url });
    try {
      await configure(t, { mpaccesstoken: "APP_USR", mpwebhooksecret: "right-secret" });
      const c = await payingCompany(t, "MP Seg");
      await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: (await unpaidInvoice(t, c.token)).id } });
      const [pref] = [...mp.preferences.values()];
      expect((await notify(t, mp.pay(String(pref!.external_reference), { secret: null }))).status).toBe(401);
      expect((await notify(t, mp.pay(String(pref!.external_reference), { secret: "wrong" }))).status).toBe(401);
      expect((await t.kernel.db.select().from(billingCharges))[0]!.status).toBe("pending");
    } finally {
      await t.close();
      await mp.close();
    }
  });

  it("Efí: a wrong URL token is refused; a forged pix[] for an unpaid txid confirms nothing (Efí is asked); a stranger's certificate never gets through", async () => {
    const efi = await startEfiStandIn();
    const t = await billingKernel({ EFI_API_URL: efi.url, EFI_CA_FILE: TEST_CERTS.caFile });
    try {
      await configure(t, { eficlientid: "Client_Id_test", eficlientsecret: "Client_Secret_test", efichavepix: "pix@platform.test" });
      await uploadCertificate(t, TEST_CERTS.clientP12);
      const c = await payingCompany(t, "Efi Seg");
      const invoiceId = (await unpaidInvoice(t, c.token)).id;
      await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
      const [txid] = [...efi.cobs.keys()];
      const registered = new URL(efi.webhooks.get("pix@platform.test")!);
      const forged = {
        path: `${registered.pathname}?hmac=${registered.searchParams.get("hmac")}&ignorar=/pix`,
        headers: {},
        raw: JSON.stringify({ pix: [{ txid, endToEndId: "E1", valor: "99.90" }] }),
      };
      expect((await notify(t, forged)).body).toEqual({ received: 0, confirmed: 0 });
      expect((await notify(t, { ...forged, path: "/billing/webhooks/efi?hmac=guess&ignorar=/pix" })).body).toEqual({ error: "ERR_WEBHOOK_UNAUTHORIZED" });
      expect((await t.kernel.db.select().from(billingCharges))[0]!.status).toBe("pending");
      // With a certificate the stand-in's CA did not sign, the TLS handshake itself fails.
      await uploadCertificate(t, TEST_CERTS.strangerP12);
      await t.kernel.db.delete(billingCharges);
      const before = efi.requests.length;
      const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
      expect(res).toMatchObject({ status: 502, body: { error: "ERR_UPSTREAM_UNAVAILABLE", provider: "efi" } });
      expect(efi.requests.length).toBe(before);
      // The certificate lives outside the public folder: nothing serves it.
      for (const path of ["/public/../private/certs/efi-production.p12", "/private/certs/efi-production.p12", "/public/private/certs/efi-production.p12"])
        expect((await t.kernel.app.request(path)).status).not.toBe(200);
    } finally {
      await t.close();
      await efi.close();
    }
  });
});
