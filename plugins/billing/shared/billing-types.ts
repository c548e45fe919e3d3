/**
 * The billing API's request and response types, inferred from the server's zod schemas so
 * the web client never restates a server shape. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type {
  BillingPaymentPage as BillingPaymentPageSchema,
  Invoice as InvoiceSchema,
  InvoicePage as InvoicePageSchema,
  Subscription as SubscriptionSchema,
} from "../server/billing.schemas.ts";
import type { CheckoutBody, PaymentAnswerSchema } from "../server/checkout/checkout.schemas.ts";
import type { PaymentEvent as ServerPaymentEvent } from "../server/billing.realtime.ts";

export type Invoice = z.infer<typeof InvoiceSchema>;
export type InvoicePage = z.infer<typeof InvoicePageSchema>;
export type Subscription = z.infer<typeof SubscriptionSchema>;
/** GET /billing/payments (the operator's record of payments). */
export type BillingPaymentPage = z.infer<typeof BillingPaymentPageSchema>;
export type BillingPayment = BillingPaymentPage["payments"][number];
/** What POST /subscription takes (spec 001 §3 'Checkout form'). */
export type CheckoutPayload = z.input<typeof CheckoutBody>;
/** What it answers (spec 001 §3 'Payment response'). */
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;
/** `company-{id}-payment`. */
export type PaymentEvent = ServerPaymentEvent;
