import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { billingKernel, CHECKOUT_FORM, configure, payingCompany, unpaidInvoice, uploadCertificate } from "./billing.fixtures.ts";
import { startEfiStandIn, TEST_CERTS } from "./testing/efi-stand-in.ts";
import { startStripeStandIn } from "./testing/stripe-stand-in.ts";

describe("billing: errors", () => {
  let t: TestKernel;
  let c: Awaited<ReturnType<typeof payingCompany>>;
  let invoiceId: number;
  beforeAll(async () => {
    t = await billingKernel();
    c = await payingCompany(t, "Erros Co");
    invoiceId = (await unpaidInvoice(t, c.token)).id;
  });
  afterAll(() => t.close());

  it("no provider configured: ERR_PAYMENT_NOT_CONFIGURED (409), never a 500", async () => {
    const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "ERR_PAYMENT_NOT_CONFIGURED" });
  });

  it("the spec's validation messages: full name and CEP (the CPF/CNPJ) required", async () => {
    const res = await t.call("POST", "/subscription", { token: c.token, body: { firstName: "", zipcode: "", invoiceId } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ firstName: "O nome completo é obrigatório", zipcode: "CEP é obrigatório" });
    const missing = await t.call("POST", "/subscription", { token: c.token, body: { invoiceId } });
    expect(missing.body.fields).toMatchObject({ firstName: "O nome completo é obrigatório", zipcode: "CEP é obrigatório" });
    const bad = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, zipcode: "01310-100", invoiceId } });
    expect(bad.body.fields).toEqual({ zipcode: "CPF/CNPJ inválido" });
  });

  it("a custom plan below 3 users or 3 connections is refused", async () => {
    const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId, plan: { users: 2, connections: 1, price: 10 } } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ users: "Mínimo de 3 usuários", connections: "Mínimo de 3 conexões" });
    const junk = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId, plan: "{not json" } });
    expect(junk.body.fields).toEqual({ plan: "Invalid plan" });
  });

  it("an unknown invoice is ERR_NO_INVOICE_FOUND; a paid one is ERR_INVOICE_ALREADY_PAID, at checkout and for the operator", async () => {
    const none = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: 999_999 } });
    expect(none).toMatchObject({ status: 404, body: { error: "ERR_NO_INVOICE_FOUND" } });
    const { token: superToken } = await t.login();
    expect((await t.call("POST", "/invoices/999999/pay", { token: superToken })).body).toEqual({ error: "ERR_NO_INVOICE_FOUND" });
    const paid = await t.call("POST", `/invoices/${invoiceId}/pay`, { token: superToken });
    expect(paid.status).toBe(200);
    expect((await t.call("POST", `/invoices/${invoiceId}/pay`, { token: superToken })).body).toEqual({ error: "ERR_INVOICE_ALREADY_PAID" });
    const again = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
    expect(again).toMatchObject({ status: 409, body: { error: "ERR_INVOICE_ALREADY_PAID" } });
  });

  it("a webhook body that is not the provider's JSON is a validation error, not a crash", async () => {
    const res = await t.kernel.app.request("/billing/webhooks/mercadopago", { method: "POST", body: "{{{" }, { remoteAddress: "127.0.0.1" });
    expect(res.status).toBeLessThan(500);
    const unknown = await t.call("POST", "/billing/webhooks/paypal", { body: {} });
    expect(unknown.status).toBe(400);
  });
});

describe("billing: provider failures", () => {
  it("a provider that refuses is ERR_PAYMENT_PROVIDER_FAILED (502) without its text; an unreachable one ERR_UPSTREAM_UNAVAILABLE", async () => {
    const stripe = await startStripeStandIn("sk_right", "whsec");
    const t = await billingKernel({ STRIPE_API_URL: stripe.url });
    try {
      await configure(t, { stripeprivatekey: "sk_wrong" });
      const c = await payingCompany(t, "Falha Co");
      const invoiceId = (await unpaidInvoice(t, c.token)).id;
      const refused = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ error: "ERR_PAYMENT_PROVIDER_FAILED", provider: "stripe", status: 401 });
      await stripe.close();
      const down = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
      expect(down).toMatchObject({ status: 502, body: { error: "ERR_UPSTREAM_UNAVAILABLE", provider: "stripe" } });
    } finally {
      await t.close();
    }
  });

  it("Efí configured without the certificate is not a provider; Efí's refusal of the credentials is a 502", async () => {
    const efi = await startEfiStandIn();
    const t = await billingKernel({ EFI_API_URL: efi.url, EFI_CA_FILE: TEST_CERTS.caFile });
    try {
      await configure(t, { eficlientid: "wrong", eficlientsecret: "wrong", efichavepix: "pix@platform.test" });
      const c = await payingCompany(t, "Efi Falha");
      const invoiceId = (await unpaidInvoice(t, c.token)).id;
      expect((await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } })).body).toEqual({ error: "ERR_PAYMENT_NOT_CONFIGURED" });
      await uploadCertificate(t, TEST_CERTS.clientP12);
      const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
      expect(res).toMatchObject({ status: 502, body: { error: "ERR_PAYMENT_PROVIDER_FAILED", provider: "efi", status: 401 } });
      // Efí refusing the webhook URL does not stop the payment (it can be registered in Efí's panel).
      await configure(t, { eficlientid: "Client_Id_test", eficlientsecret: "Client_Secret_test" });
      efi.behaviour.refuseWebhooks = true;
      const paid = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId } });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(paid.body.qrcode.qrcode).toMatch(/^000201/);
      expect(efi.webhooks.size).toBe(0);
    } finally {
      await t.close();
      await efi.close();
    }
  });
});
