import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { CheckoutBody, PaymentAnswerSchema } from "./checkout/checkout.schemas.ts";
import {
  BillingPaymentPage,
  BillingPaymentQuery,
  Invoice,
  InvoiceIdParam,
  InvoiceList,
  InvoicePage,
  InvoiceQuery,
  ProviderParam,
  Subscription,
  WebhookAnswer,
} from "./billing.schemas.ts";

const route = routeFactory(manifest);

export const list = route({
  method: "get",
  path: "/invoices",
  access: "admin",
  // An overdue company must see what it owes (spec 001 §4): billing routes stay open.
  whenOverdue: "allow",
  description:
    "A page of 20 invoices, latest due date first, with the total count: the caller's company's (its unpaid one is created or corrected first), or every company's for the platform operator (super user), searched by company name or detail. What this product's /financeiro reads.",
  request: { query: InvoiceQuery },
  responses: { 200: json(InvoicePage, "A page of invoices") },
});

export const listAll = route({
  method: "get",
  path: "/invoices/all",
  // The original API lets any signed-in user of the company read it (its Financeiro screen calls it).
  access: "user",
  whenOverdue: "allow",
  description:
    "Every invoice the caller may see as a bare array (the original API's shape, spec 001 §7), latest due date first: the caller's company's (its unpaid one is created or corrected first), for any signed-in user of the company; every company's for the platform operator (super user), who may name one with `companyId`. `searchParam` filters by company name or detail; `pageNumber` is accepted and ignored (nothing is paged here: GET /invoices pages).",
  request: { query: InvoiceQuery },
  responses: { 200: json(InvoiceList, "The invoices") },
});

export const payments = route({
  method: "get",
  path: "/billing/payments",
  access: "super",
  whenOverdue: "allow",
  description:
    "The platform operator's record of payments (20 a page, newest first): every payment a provider reported for one of our charges, and every confirmation by the operator, with what it did (`outcome`): applied (it settled its invoice), surplus (its invoice was already settled: a second payment to refund or credit), short (less than the charge asked), stale (priced for a plan or recurrence the company no longer has). `attention=true` lists only those that settled nothing.",
  request: { query: BillingPaymentQuery },
  responses: { 200: json(BillingPaymentPage, "A page of payments") },
});

export const subscription = route({
  method: "get",
  path: "/subscription",
  access: "admin",
  whenOverdue: "allow",
  description: "The caller's company's subscription: licence period (due date, recurrence), billing e-mail, plan and unpaid invoice (the 'Assinatura' page).",
  responses: { 200: json(Subscription, "The subscription") },
});

export const checkout = route({
  method: "post",
  path: "/subscription",
  access: "admin",
  whenOverdue: "allow",
  description:
    "Checkout (spec 001 §7): charges the caller's company's unpaid invoice through the payment provider the platform operator configured (Efí, Asaas, Mercado Pago, Stripe, or a static PIX BR Code, the first configured in that order) and answers the payment response: `qrcode.qrcode` (PIX copy-and-paste text) and/or the provider's URL. A pending charge of the same amount made less than 50 minutes ago is answered again.",
  request: body(CheckoutBody),
  responses: {
    200: json(PaymentAnswerSchema, "What to pay with"),
    404: errorResponse("ERR_NO_INVOICE_FOUND (or another company's)"),
    409: errorResponse("ERR_INVOICE_ALREADY_PAID, or ERR_PAYMENT_NOT_CONFIGURED (no provider configured)"),
    502: errorResponse("ERR_PAYMENT_PROVIDER_FAILED (the provider refused) or ERR_UPSTREAM_UNAVAILABLE (unreachable)"),
  },
});

export const markPaid = route({
  method: "post",
  path: "/invoices/{id}/pay",
  access: "super",
  description: "The platform operator confirms an invoice paid (a static PIX seen in the bank, a payment made elsewhere): it is marked paid and its company renewed at once.",
  request: { params: InvoiceIdParam },
  responses: { 200: json(Invoice, "The paid invoice"), 404: errorResponse("ERR_NO_INVOICE_FOUND"), 409: errorResponse("ERR_INVOICE_ALREADY_PAID") },
});

export const webhook = route({
  method: "post",
  path: "/billing/webhooks/{provider}",
  access: "public",
  description:
    "Payment notifications, each in its provider's documented shape and authenticated its way: Efí `{ pix: [{ txid, endToEndId, valor }] }` with the `hmac` token of the registered URL (each txid read back over mTLS); Mercado Pago `type=payment&data.id=` with `x-signature` when a secret is set (the payment is read back; without a secret the read-backs are bounded per payment id and overall, over the bound 429); Stripe `checkout.session.completed` with `Stripe-Signature`; Asaas `PAYMENT_RECEIVED`/`PAYMENT_CONFIRMED` with `asaas-access-token`. A repeated notification changes nothing. The body is read raw (signatures cover its bytes).",
  request: { params: ProviderParam },
  responses: {
    200: json(WebhookAnswer, "Received"),
    401: errorResponse("ERR_WEBHOOK_UNAUTHORIZED"),
    429: errorResponse("ERR_TOO_MANY_ATTEMPTS (unsigned Mercado Pago notifications over the look-up bound: the provider delivers them again later)"),
  },
});
