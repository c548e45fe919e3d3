import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { parseEmv } from "../shared/br-code.ts";
import { billingKernel, CHECKOUT_FORM, configure, payingCompany, unpaidInvoice, uploadCertificate } from "./billing.fixtures.ts";
import { startAsaasStandIn } from "./testing/asaas-stand-in.ts";
import { startEfiStandIn, TEST_CERTS } from "./testing/efi-stand-in.ts";
import { startMercadoPagoStandIn } from "./testing/mercadopago-stand-in.ts";
import { startStripeStandIn } from "./testing/stripe-stand-in.ts";

describe("checkout: the payment response of each provider, from its documented API", () => {
  it("Efí: OAuth over mTLS, PUT /v2/cob/{txid}, webhook registered, QR code from /v2/loc/{id}/qrcode", async () => {
    const efi = await startEfiStandIn();
    const t = await billingKernel({ EFI_API_URL: efi.url, EFI_CA_FILE: TEST_CERTS.caFile });
    try {
      await configure(t, { eficlientid: "Client_Id_test", eficlientsecret: "Client_Secret_test", efichavepix: "pix@platform.test" });
      await uploadCertificate(t, TEST_CERTS.clientP12);
      const c = await payingCompany(t, "Efi Co", { amount: 99.9 });
      const invoice = await unpaidInvoice(t, c.token);
      const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ provider: "efi", invoiceId: invoice.id, value: 99.9, valorext: "99.90", stripeURL: null, asaasURL: null, mercadopagoURL: null });
      const [txid] = [...efi.cobs.keys()];
      expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
      expect(efi.cobs.get(txid!)).toMatchObject({ valor: "99.90", chave: "pix@platform.test", devedor: { cpf: "52998224725", nome: "Ana Souza" } });
      expect(parseEmv(res.body.qrcode.qrcode).get("54")).toBe("99.90");
      // Every call presented the client certificate, and the webhook points at us with its token.
      expect(efi.requests.every((r) => r.clientAuthorized)).toBe(true);
      expect(efi.requests.map((r) => `${r.method} ${r.path.replace(txid!, "{txid}")}`)).toEqual([
        "POST /oauth/token",
        "PUT /v2/webhook/pix%40platform.test",
        "PUT /v2/cob/{txid}",
        "GET /v2/loc/1/qrcode",
      ]);
      expect(efi.webhooks.get("pix@platform.test")).toMatch(/^http:\/\/127\.0\.0\.1:8080\/billing\/webhooks\/efi\?hmac=[0-9a-f]{48}&ignorar=$/);
      // A second click shows the same charge instead of making another.
      const again = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
      expect(again.body).toMatchObject({ chargeId: res.body.chargeId, qrcode: res.body.qrcode });
      expect(efi.cobs.size).toBe(1);
    } finally {
      await t.close();
      await efi.close();
    }
  });

  it("Asaas: customer, PIX payment, pixQrCode payload and the invoice URL", async () => {
    const asaas = await startAsaasStandIn("$aact_test", "asaas-hook-token");
    const t = await billingKernel({ ASAAS_API_URL: asaas.url });
    try {
      await configure(t, { asaastoken: "$aact_test" });
      const c = await payingCompany(t, "Asaas Co", { amount: 59 });
      const invoice = await unpaidInvoice(t, c.token);
      const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: String(invoice.id) } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [payment] = [...asaas.payments.values()];
      expect(payment).toMatchObject({ billingType: "PIX", value: 59 });
      expect(res.body).toMatchObject({
        provider: "asaas",
        valorext: "59.00",
        asaasURL: payment!.invoiceUrl,
        url: payment!.invoiceUrl,
        qrcode: { qrcode: expect.stringMatching(/^000201/) },
      });
    } finally {
      await t.close();
      await asaas.close();
    }
  });

  it("Mercado Pago: a Checkout Pro preference with our external reference and notification URL", async () => {
    const mp = await startMercadoPagoStandIn("APP_USR-test", "mp-secret");
    const t = await billingKernel({ MERCADOPAGO_API_URL: mp.url });
    try {
      await configure(t, { mpaccesstoken: "APP_USR-test" });
      const c = await payingCompany(t, "MP Co", { amount: 30 });
      const invoice = await unpaidInvoice(t, c.token);
      const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [preference] = [...mp.preferences.values()];
      expect(preference).toMatchObject({ notification_url: "http://127.0.0.1:8080/billing/webhooks/mercadopago", items: [{ unit_price: 30, quantity: 1, currency_id: "BRL" }] });
      expect(res.body).toMatchObject({ provider: "mercadopago", mercadopagoURL: preference!.init_point, qrcode: null });
    } finally {
      await t.close();
      await mp.close();
    }
  });

  it("Stripe: a Checkout Session, form-encoded, in BRL cents, back to /financeiro", async () => {
    const stripe = await startStripeStandIn("sk_test_123", "whsec_test");
    const t = await billingKernel({ STRIPE_API_URL: stripe.url });
    try {
      await configure(t, { stripeprivatekey: "sk_test_123" });
      const c = await payingCompany(t, "Stripe Co", { amount: 49.5 });
      const invoice = await unpaidInvoice(t, c.token);
      const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [session] = [...stripe.sessions.values()];
      expect(session).toMatchObject({ amount_total: 4950, currency: "brl", success_url: `http://127.0.0.1:8080/financeiro?paid=${invoice.id}` });
      expect(res.body).toMatchObject({ provider: "stripe", stripeURL: session!.url, url: session!.url });
      expect(stripe.requests[0]!.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    } finally {
      await t.close();
      await stripe.close();
    }
  });
});

describe("checkout: static PIX and the custom plan", () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await billingKernel();
    await configure(t, { pixstatickey: "financeiro@plataforma.test", pixstaticname: "Plataforma Atendimento Ltda", pixstaticcity: "São Paulo" });
  });
  afterAll(() => t.close());

  it("answers a valid BR Code for the operator's key, the invoice's amount and a txid naming the charge", async () => {
    const c = await payingCompany(t, "Static Co", { amount: 75 });
    const invoice = await unpaidInvoice(t, c.token);
    const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fields = parseEmv(res.body.qrcode.qrcode);
    expect(parseEmv(fields.get("26")!).get("01")).toBe("financeiro@plataforma.test");
    expect(fields.get("54")).toBe("75.00");
    expect(fields.get("59")).toBe("Plataforma Atendimento Lt");
    expect(fields.get("60")).toBe("Sao Paulo");
    expect(parseEmv(fields.get("62")!).get("05")).toMatch(new RegExp(`^fat${invoice.id}x[0-9a-f]+$`));
    expect(res.body).toMatchObject({ provider: "pix", url: null });
  });

  it("a custom plan is priced by the server (49 + 11 per extra user + 20 per extra connection), whatever price the client sends", async () => {
    const c = await payingCompany(t, "Custom Co", { amount: 300 });
    const invoice = await unpaidInvoice(t, c.token);
    const plan = JSON.stringify({ users: 5, connections: 4, price: 1 });
    const res = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id, plan, price: 1, users: 5, connections: 4 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toBe(49 + 2 * 11 + 1 * 20);
    const after = await unpaidInvoice(t, c.token);
    expect(after).toMatchObject({ custom: true, users: 5, connections: 4, value: 91, detail: "Plano personalizado" });
    // Back to the plan as it is: the invoice follows the plan again.
    const plain = await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: invoice.id, plan: "" } });
    expect(plain.body.value).toBe(300);
    expect(await unpaidInvoice(t, c.token)).toMatchObject({ custom: false, value: 300 });
  });
});
