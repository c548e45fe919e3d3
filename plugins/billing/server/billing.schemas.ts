import { z } from "@hono/zod-openapi";
import { pathId } from "../../../core/http/schemas.ts";
import { INVOICE_STATUSES, PAYMENT_OUTCOMES } from "../schema/tables.ts";
import { WEBHOOK_PROVIDERS } from "./providers/provider.ts";

export const Invoice = z
  .object({
    id: z.number(),
    companyId: z.number(),
    companyName: z.string(),
    planId: z.number().nullable(),
    detail: z.string(),
    users: z.number(),
    connections: z.number(),
    queues: z.number(),
    value: z.number(),
    recurrence: z.string(),
    custom: z.boolean(),
    /** YYYY-MM-DD */
    dueDate: z.string(),
    status: z.enum(INVOICE_STATUSES),
    paidAt: z.string().nullable(),
    paidWith: z.string().nullable(),
    /** YYYY-MM-DD: the due date the payment bought (null while unpaid); a custom plan's users and connections hold until then. */
    paidUntil: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Invoice");

export const InvoicePage = z.object({ invoices: z.array(Invoice), count: z.number(), hasMore: z.boolean() }).openapi("InvoicePage");

/** GET /invoices/all: the original API's bare array (its Financeiro screen maps over it). */
export const InvoiceList = z.array(Invoice).openapi("InvoiceList");

export const BillingPayment = z
  .object({
    id: z.number(),
    companyId: z.number(),
    companyName: z.string(),
    invoiceId: z.number(),
    chargeId: z.number().nullable(),
    /** A provider id, or "manual" (the operator's confirmation). */
    provider: z.string(),
    /** The provider's id of the payment. */
    paymentId: z.string(),
    amount: z.number(),
    /** What the charge asked for (null when the charge is gone). */
    chargeAmount: z.number().nullable(),
    outcome: z.enum(PAYMENT_OUTCOMES),
    /** When it was received. */
    createdAt: z.string(),
  })
  .openapi("BillingPayment");

export const BillingPaymentPage = z.object({ payments: z.array(BillingPayment), count: z.number(), hasMore: z.boolean() }).openapi("BillingPaymentPage");

export const BillingPaymentQuery = z.object({
  /** Only the payments that settled nothing (surplus, short, stale): what the operator must look at. */
  attention: z
    .enum(["true", "false", "1", "0"], "Invalid value")
    .transform((v) => v === "true" || v === "1")
    .optional()
    .default(false),
  companyId: z.coerce.number().int("Invalid id").min(1, "Invalid id").optional(),
  pageNumber: z.coerce.number().int("Invalid page").min(1, "Invalid page").max(100_000, "Invalid page").optional().default(1),
});

export const InvoiceQuery = z.object({
  /** The platform operator's filter to one company (ignored for anyone else: a company sees only its own). */
  companyId: z.coerce.number().int("Invalid id").min(1, "Invalid id").optional(),
  searchParam: z.string().max(200, "Too Long!").optional().default(""),
  pageNumber: z.coerce.number().int("Invalid page").min(1, "Invalid page").max(100_000, "Invalid page").optional().default(1),
});

export const Subscription = z
  .object({
    companyId: z.number(),
    name: z.string(),
    /** The billing e-mail (the company's). */
    email: z.string(),
    dueDate: z.string().nullable(),
    recurrence: z.string(),
    /** The company's CNPJ/CPF and address, to fill the checkout's Dados step. */
    document: z.string(),
    addressCity: z.string(),
    addressState: z.string(),
    plan: z.object({ id: z.number(), name: z.string(), amount: z.number(), users: z.number(), connections: z.number(), queues: z.number() }).nullable(),
    invoice: Invoice.nullable(),
  })
  .openapi("Subscription");

export const ProviderParam = z.object({
  provider: z.enum(WEBHOOK_PROVIDERS).openapi({ param: { name: "provider", in: "path" } }),
});
export const InvoiceIdParam = z.object({ id: pathId("id") });

export const WebhookAnswer = z.object({ received: z.number(), confirmed: z.number() }).openapi("WebhookAnswer");
