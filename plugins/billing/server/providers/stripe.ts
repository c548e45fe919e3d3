import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import type { ChargeCreated, ChargeRequest, Confirmation, PaymentProvider, WebhookInput } from "./provider.ts";
import { constantTimeEqual, field, hmacSha256Hex, providerFetch, required, text } from "./provider-http.ts";

/** How old a signed notification may be (Stripe's own libraries use five minutes against replays). */
export const STRIPE_TOLERANCE_SECONDS = 300;
const SETTLED = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/** Checks a `Stripe-Signature` header (`t=…,v1=…[,v1=…]`): HMAC-SHA256 of `t.payload` with the endpoint's signing secret. */
export async function validStripeSignature(header: string, rawBody: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<boolean> {
  if (!secret) return false;
  const parts = header.split(",").map((p) => p.trim().split("=", 2) as [string, string | undefined]);
  const t = parts.find(([k]) => k === "t")?.[1] ?? "";
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!/^\d{1,12}$/.test(t) || !signatures.length) return false;
  if (Math.abs(nowSeconds - Number(t)) > STRIPE_TOLERANCE_SECONDS) return false;
  const expected = await hmacSha256Hex(secret, `${t}.${rawBody}`);
  return signatures.some((s) => constantTimeEqual(s.toLowerCase(), expected));
}

/** Stripe Checkout: a hosted payment page (card, and PIX where the account has it), confirmed by the signed `checkout.session.completed` event. */
export class StripeProvider implements PaymentProvider {
  readonly id = "stripe" as const;

  constructor(
    private baseUrl: string,
    private secret: (key: "stripeprivatekey" | "stripewebhooksecret") => Promise<string>,
    private log: Logger,
  ) {}

  async createCharge(req: ChargeRequest): Promise<ChargeCreated> {
    const form = new URLSearchParams({
      mode: "payment",
      success_url: `${req.returnUrl}?paid=${req.invoiceId}`,
      cancel_url: req.returnUrl,
      client_reference_id: req.reference,
      "metadata[reference]": req.reference,
      "metadata[invoiceId]": String(req.invoiceId),
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][unit_amount]": String(Math.round(req.amount * 100)),
      "line_items[0][price_data][product_data][name]": req.description,
    });
    if (req.payer.email) form.set("customer_email", req.payer.email);
    const key = await this.secret("stripeprivatekey");
    const { body } = await providerFetch(
      "stripe",
      `${this.baseUrl}/v1/checkout/sessions`,
      { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" }, body: form.toString() },
      this.log,
    );
    return { externalId: required("stripe", field(body, "id"), "id"), url: required("stripe", field(body, "url"), "url") };
  }

  /** `POST /v1/checkout/sessions/{id}/expire`: the hosted page stops taking payments. */
  async cancelCharge(externalId: string): Promise<void> {
    const key = await this.secret("stripeprivatekey");
    await providerFetch(
      "stripe",
      `${this.baseUrl}/v1/checkout/sessions/${encodeURIComponent(externalId)}/expire`,
      { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/x-www-form-urlencoded" } },
      this.log,
    );
  }

  async confirmations(input: WebhookInput): Promise<Confirmation[]> {
    const secret = await this.secret("stripewebhooksecret");
    if (!(await validStripeSignature(input.headers.get("stripe-signature") ?? "", input.rawBody, secret))) throw new AppError("ERR_WEBHOOK_UNAUTHORIZED");
    const event = JSON.parse(input.rawBody) as unknown;
    const session = field(event, "data", "object");
    if (!SETTLED.has(text(field(event, "type"))) || text(field(session, "payment_status")) !== "paid") return [];
    const total = field(session, "amount_total");
    // A session is paid once: completed and async_payment_succeeded of it are the same payment.
    const id = text(field(session, "id"));
    return [{ externalId: id, paymentId: id, amount: typeof total === "number" ? total / 100 : undefined }];
  }
}
