import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { LookupGate } from "./lookup-gate.ts";
import type { ChargeCreated, ChargeRequest, Confirmation, PaymentProvider, WebhookInput } from "./provider.ts";
import { constantTimeEqual, field, hmacSha256Hex, providerFetch, required, text } from "./provider-http.ts";

/**
 * Checks Mercado Pago's `x-signature` (`ts=…,v1=…`): HMAC-SHA256, keyed with the webhook's
 * secret, of the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` (data.id from the
 * query string, lower-cased when alphanumeric).
 */
export async function validMercadoPagoSignature(header: string, requestId: string, dataId: string, secret: string): Promise<boolean> {
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const ts = parts.ts ?? "";
  const v1 = (parts.v1 ?? "").toLowerCase();
  if (!secret || !ts || !v1) return false;
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  let manifest = "";
  if (id) manifest += `id:${id};`;
  if (requestId) manifest += `request-id:${requestId};`;
  manifest += `ts:${ts};`;
  return constantTimeEqual(v1, await hmacSha256Hex(secret, manifest));
}

/**
 * Mercado Pago Checkout Pro: a preference (hosted page: PIX, card, boleto) whose payments carry
 * our reference as `external_reference`. A notification only names a payment id: the payment
 * is read back with our access token (`GET /v1/payments/{id}`) and only an `approved` one
 * confirms, so a forged notification cannot pay anything. With a webhook secret configured the
 * `x-signature` is required before anything else; without one, a payment id already recorded
 * is not looked up again and the look-ups are bounded (lookup-gate.ts), so a flood of
 * notifications cannot make us call Mercado Pago once per request.
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly id = "mercadopago" as const;
  private unsigned = new LookupGate();

  constructor(
    private baseUrl: string,
    private secret: (key: "mpaccesstoken" | "mpwebhooksecret") => Promise<string>,
    private log: Logger,
  ) {}

  private async headers() {
    return { authorization: `Bearer ${await this.secret("mpaccesstoken")}`, "content-type": "application/json" };
  }

  async createCharge(req: ChargeRequest): Promise<ChargeCreated> {
    const preference = {
      items: [{ id: String(req.invoiceId), title: req.description, quantity: 1, unit_price: Math.round(req.amount * 100) / 100, currency_id: "BRL" }],
      external_reference: req.reference,
      back_urls: { success: req.returnUrl, failure: req.returnUrl, pending: req.returnUrl },
      payer: { name: req.payer.name, ...(req.payer.email ? { email: req.payer.email } : {}) },
      ...(req.webhookUrl ? { notification_url: req.webhookUrl } : {}),
    };
    const { body } = await providerFetch(
      "mercadopago",
      `${this.baseUrl}/checkout/preferences`,
      { method: "POST", headers: { ...(await this.headers()), "x-idempotency-key": req.reference }, body: JSON.stringify(preference) },
      this.log,
    );
    required("mercadopago", field(body, "id"), "id");
    return { externalId: req.reference, url: required("mercadopago", field(body, "init_point"), "init_point") };
  }

  async confirmations(input: WebhookInput): Promise<Confirmation[]> {
    let body: unknown = null;
    try {
      body = input.rawBody ? JSON.parse(input.rawBody) : null;
    } catch {}
    const type = input.query.get("type") ?? input.query.get("topic") ?? text(field(body, "type"));
    const dataId = input.query.get("data.id") ?? input.query.get("id") ?? text(field(body, "data", "id"));
    const secret = await this.secret("mpwebhooksecret");
    if (secret && !(await validMercadoPagoSignature(input.headers.get("x-signature") ?? "", input.headers.get("x-request-id") ?? "", dataId, secret))) {
      throw new AppError("ERR_WEBHOOK_UNAUTHORIZED");
    }
    if (type !== "payment" || !/^[A-Za-z0-9]{1,64}$/.test(dataId)) return [];
    // A payment already recorded: its notification (a redelivery, another event of it) changes nothing.
    if (await input.recorded?.(dataId)) return [];
    if (!secret) this.unsigned.take(dataId);
    const { body: payment } = await providerFetch("mercadopago", `${this.baseUrl}/v1/payments/${dataId}`, { method: "GET", headers: await this.headers() }, this.log);
    if (text(field(payment, "status")) !== "approved") return [];
    const amount = field(payment, "transaction_amount");
    return [{ externalId: text(field(payment, "external_reference")), paymentId: text(field(payment, "id")), amount: typeof amount === "number" ? amount : undefined }];
  }
}
