import { describe, expect, it } from "vitest";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";
import { billingKernel, CHECKOUT_FORM, configure, notify, payingCompany, unpaidInvoice } from "./billing.fixtures.ts";
import { LOOKUPS_OVERALL, LOOKUPS_PER_PAYMENT } from "./providers/lookup-gate.ts";
import { startMercadoPagoStandIn } from "./testing/mercadopago-stand-in.ts";

/**
 * Issue 32 item 7: a Mercado Pago notification names only a payment id, which we read back with
 * the operator's token. With the webhook secret set, an unsigned request is refused before any
 * call; without it, the read-backs are bounded (per payment id and overall) and a payment already
 * recorded is not read again, so a flood cannot make us call Mercado Pago once per request.
 */
type MercadoPago = Awaited<ReturnType<typeof startMercadoPagoStandIn>>;

const lookups = (mp: MercadoPago) => mp.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/payments/")).length;
const unsigned = (id: string) => ({
  path: `/billing/webhooks/mercadopago?data.id=${id}&type=payment`,
  headers: { "x-request-id": crypto.randomUUID() },
  raw: JSON.stringify({ action: "payment.updated", data: { id }, type: "payment" }),
});

async function withMercadoPago(settings: Record<string, string>, run: (t: TestKernel, mp: MercadoPago) => Promise<void>) {
  const mp = await startMercadoPagoStandIn("APP_USR-flood", "mp-flood-secret");
  const t = await billingKernel({ MERCADOPAGO_API_URL: mp.url });
  try {
    await configure(t, { mpaccesstoken: "APP_USR-flood", ...settings });
    await run(t, mp);
  } finally {
    await t.close();
    await mp.close();
  }
}

describe("Mercado Pago notifications cannot make the server call Mercado Pago once per request", () => {
  it("with the secret set, unsigned requests are refused before any call", async () => {
    await withMercadoPago({ mpwebhooksecret: "mp-flood-secret" }, async (t, mp) => {
      for (let i = 0; i < 20; i++) expect((await notify(t, unsigned(String(5_000_000 + i)))).status).toBe(401);
      expect(lookups(mp)).toBe(0);
    });
  });

  it("without a secret: one payment id flooded is looked up at most a few times; many ids at most the overall bound", async () => {
    await withMercadoPago({}, async (t, mp) => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await notify(t, unsigned("7777777"))).status);
      expect(lookups(mp)).toBe(LOOKUPS_PER_PAYMENT);
      // The ones over the bound are refused with 429 (Mercado Pago delivers a refused notification again later); none is a crash.
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOOKUPS_PER_PAYMENT);
      expect(statuses.every((s) => s < 500 || s === 502)).toBe(true);

      for (let i = 0; i < 3 * LOOKUPS_OVERALL; i++) await notify(t, unsigned(String(8_000_000 + i)));
      expect(lookups(mp)).toBeLessThanOrEqual(LOOKUPS_OVERALL);
      expect((await notify(t, unsigned("9999999"))).body).toEqual({ error: "ERR_TOO_MANY_ATTEMPTS" });
    });
  });

  it("without a secret: a real payment still confirms, and its repeated notifications are not looked up again", async () => {
    await withMercadoPago({}, async (t, mp) => {
      const c = await payingCompany(t, "MP Unsigned");
      await t.call("POST", "/subscription", { token: c.token, body: { ...CHECKOUT_FORM, invoiceId: (await unpaidInvoice(t, c.token)).id } });
      const [preference] = [...mp.preferences.values()];
      const paid = mp.pay(String(preference!.external_reference), { secret: null });
      expect((await notify(t, paid)).body).toEqual({ received: 1, confirmed: 1 });
      const before = lookups(mp);
      for (let i = 0; i < 20; i++) expect((await notify(t, paid)).body).toEqual({ received: 0, confirmed: 0 });
      expect(lookups(mp)).toBe(before);
    });
  });
});
