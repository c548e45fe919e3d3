import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Billing (spec 001 §2 /financeiro and /subscription, §3 Invoice, Checkout form, Payment
 * response, §4, §5, §7, §9): each company's invoices, the checkout that charges the open
 * one through the payment provider the platform operator configured (Efí PIX, Mercado Pago,
 * Stripe Checkout, Asaas, or a static PIX BR Code), the providers' webhooks and the durable
 * renewal that marks the invoice paid and moves the company's due date. An overdue company
 * reaches every route here (`whenOverdue: "allow"`).
 */
export const manifest = definePlugin({
  id: "billing",
  dependsOn: ["companies", "plans", "settings"],
  requires: ["companies.renew", "settings.certificatePath", "settings.platformValue"],
  errors: {
    ERR_NO_INVOICE_FOUND: 404,
    /** Checkout or a manual confirmation of an invoice that is already paid. */
    ERR_INVOICE_ALREADY_PAID: 409,
    /** The platform operator has configured no payment provider (nor a static PIX key). */
    ERR_PAYMENT_NOT_CONFIGURED: 409,
    /** The payment provider refused the charge or answered something unusable. */
    ERR_PAYMENT_PROVIDER_FAILED: 502,
    /** A webhook whose signature, token or certificate check failed. */
    ERR_WEBHOOK_UNAUTHORIZED: 401,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
