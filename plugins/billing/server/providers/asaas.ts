import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import type { ChargeCreated, ChargeRequest, Confirmation, PaymentProvider, WebhookInput } from "./provider.ts";
import { constantTimeEqual, field, providerFetch, required, text } from "./provider-http.ts";

/** Asaas's events for a payment that is settled (PIX received, or card confirmed). */
export const ASAAS_SETTLED = new Set(["PAYMENT_RECEIVED", "PAYMENT_CONFIRMED"]);

/**
 * Asaas: a PIX payment for a customer (created from the checkout's name and CPF/CNPJ), with
 * its QR code payload and the hosted invoice page. Notifications carry the authentication
 * token the operator chose for the webhook in Asaas's panel (`asaas-access-token` header),
 * compared with the `asaaswebhooktoken` setting; without that setting every notification is
 * refused.
 */
export class AsaasProvider implements PaymentProvider {
  readonly id = "asaas" as const;

  constructor(
    private baseUrl: string,
    private secret: (key: "asaastoken" | "asaaswebhooktoken") => Promise<string>,
    private log: Logger,
    private today: () => string = () => new Date().toISOString().slice(0, 10),
  ) {}

  private async call(path: string, init: { method: string; body?: unknown }) {
    const headers = { access_token: await this.secret("asaastoken"), "content-type": "application/json", "user-agent": "atendechat" };
    const { body } = await providerFetch("asaas", `${this.baseUrl}${path}`, { method: init.method, headers, body: init.body ? JSON.stringify(init.body) : undefined }, this.log);
    return body;
  }

  async createCharge(req: ChargeRequest): Promise<ChargeCreated> {
    const customer = await this.call("/v3/customers", {
      method: "POST",
      body: { name: req.payer.name, cpfCnpj: req.payer.document, ...(req.payer.email ? { email: req.payer.email } : {}), externalReference: req.reference },
    });
    const payment = await this.call("/v3/payments", {
      method: "POST",
      body: {
        customer: required("asaas", field(customer, "id"), "customer.id"),
        billingType: "PIX",
        value: Math.round(req.amount * 100) / 100,
        dueDate: this.today(),
        description: req.description,
        externalReference: req.reference,
      },
    });
    const id = required("asaas", field(payment, "id"), "payment.id");
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new AppError("ERR_PAYMENT_PROVIDER_FAILED", { provider: "asaas", invalid: "payment.id" });
    const qr = await this.call(`/v3/payments/${id}/pixQrCode`, { method: "GET" });
    return { externalId: id, pixCode: required("asaas", field(qr, "payload"), "pixQrCode.payload"), url: text(field(payment, "invoiceUrl")) || undefined };
  }

  /** `DELETE /v3/payments/{id}`: the payment (and its PIX code) is removed. */
  async cancelCharge(externalId: string): Promise<void> {
    await this.call(`/v3/payments/${encodeURIComponent(externalId)}`, { method: "DELETE" });
  }

  async confirmations(input: WebhookInput): Promise<Confirmation[]> {
    const expected = await this.secret("asaaswebhooktoken");
    if (!constantTimeEqual(input.headers.get("asaas-access-token") ?? "", expected)) throw new AppError("ERR_WEBHOOK_UNAUTHORIZED");
    const event = JSON.parse(input.rawBody) as unknown;
    if (!ASAAS_SETTLED.has(text(field(event, "event")))) return [];
    const payment = field(event, "payment");
    const value = field(payment, "value");
    const paymentId = text(field(payment, "id"));
    // PAYMENT_RECEIVED and PAYMENT_CONFIRMED name the same payment: its id, not the event's, is the payment.
    return [{ externalId: paymentId, paymentId, amount: typeof value === "number" ? value : undefined }];
  }
}
