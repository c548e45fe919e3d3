import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies, plans } from "../../../core/db/tables.ts";

/** open: waiting for payment; overdue: its due date passed unpaid (the daily sweep); paid: history. */
export const INVOICE_STATUSES = ["open", "overdue", "paid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * A company's bill for one period (spec 001 §3 Invoice). Each company (but the platform,
 * company 1) has exactly one unpaid invoice, for its next period, due on its due date; paid
 * ones stay as history. `value` is the period's price: the plan's monthly amount (or the
 * custom plan's) times the recurrence's months.
 */
export const invoices = sqliteTable(
  "invoices",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The plan the values came from (null when the plan was deleted). */
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    detail: text("detail").notNull().default(""),
    users: integer("users").notNull().default(0),
    connections: integer("connections").notNull().default(0),
    queues: integer("queues").notNull().default(0),
    value: real("value").notNull().default(0),
    /** The recurrence the value was computed for (MENSAL ... ANUAL). */
    recurrence: text("recurrence").notNull().default("MENSAL"),
    /** True when checkout chose a custom plan (spec 001 §9): the plan sync leaves its values alone. */
    custom: integer("custom", { mode: "boolean" }).notNull().default(false),
    /** YYYY-MM-DD */
    dueDate: text("due_date").notNull(),
    status: text("status", { enum: INVOICE_STATUSES }).notNull().default("open"),
    paidAt: text("paid_at"),
    /** How it was paid: a provider id, or "manual" when the platform operator confirmed it. */
    paidWith: text("paid_with"),
    /**
     * YYYY-MM-DD: the company's due date the payment bought (the renewal's). A paid custom plan
     * gives its users and connections until then (server/invoices/custom-plan-limits.ts).
     */
    paidUntil: text("paid_until"),
    ...timestamps,
  },
  (t) => [
    index("invoices_company_idx").on(t.companyId, t.id),
    // One unpaid invoice per company: the sync, the sweep and a renewal may race to create it.
    uniqueIndex("invoices_one_unpaid_idx").on(t.companyId).where(sql`status <> 'paid'`),
  ],
);

/**
 * pending: waiting for its payment; confirmed: a payment of it settled its invoice;
 * superseded: a newer checkout re-priced the invoice (or the invoice was paid another way), and
 * the charge was cancelled at its provider where the provider allows. A superseded charge still
 * paid while its invoice is unpaid is honoured at its own values (the money is real); paid after
 * the invoice was settled, the payment is recorded for the operator (`billing_payments`).
 */
export const CHARGE_STATUSES = ["pending", "confirmed", "superseded"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/**
 * One attempt to collect an invoice through a provider (a PIX charge, a checkout session, a
 * payment), or the operator's confirmation (`provider` "manual"). `external_id` is the
 * provider's id for it (Efí's txid, Stripe's session id, Asaas's payment id, Mercado Pago's
 * external reference, or the static BR Code's txid): a notification finds its charge by it.
 *
 * The charge keeps what it was priced for (plan, custom limits, value, recurrence, the period's
 * due date), written when it is made: a payment of it applies exactly that to the invoice and the
 * company, never the invoice's values of the moment (a later checkout may have re-priced them).
 * Confirming is one conditional update (pending or superseded → confirmed, while no other charge
 * of the invoice is confirmed and the invoice is unpaid) in the same transaction as the renewal
 * job, so an invoice is settled by one charge, and a crash between receipt and renewal loses nothing.
 */
export const billingCharges = sqliteTable(
  "billing_charges",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    externalId: text("external_id").notNull(),
    /** The value the charge asks for (the snapshot's price): a smaller payment settles nothing. */
    amount: real("amount").notNull(),
    status: text("status", { enum: CHARGE_STATUSES }).notNull().default("pending"),
    /** What the payment screen shows again: the PIX copy-and-paste text and/or the provider's URL (JSON). */
    answer: text("answer").notNull().default("{}"),
    /** The provider's id of the payment that confirmed it (endToEndId, payment id, session id), or `manual:{userId}`. */
    confirmedBy: text("confirmed_by"),
    confirmedAt: text("confirmed_at"),
    // The snapshot: what the invoice said when this charge was priced. The plan id is history,
    // not a reference: a deleted plan leaves it, and it then matches no company's plan (stale).
    planId: integer("plan_id"),
    detail: text("detail").notNull().default(""),
    users: integer("users").notNull().default(0),
    connections: integer("connections").notNull().default(0),
    queues: integer("queues").notNull().default(0),
    recurrence: text("recurrence").notNull().default("MENSAL"),
    custom: integer("custom", { mode: "boolean" }).notNull().default(false),
    /** YYYY-MM-DD: the due date of the period it pays (the invoice's). */
    dueDate: text("due_date"),
    ...timestamps,
  },
  (t) => [uniqueIndex("billing_charges_external_idx").on(t.provider, t.externalId), index("billing_charges_invoice_idx").on(t.invoiceId)],
);

/**
 * applied: it settled its invoice (renewal); surplus: its invoice was already settled (by
 * another charge, another payment of the same charge, or the operator) — money to refund or
 * credit; short: less than the charge's price, nothing settled; stale: priced for a plan or
 * recurrence the company no longer has (the operator changed it meanwhile), nothing settled.
 */
export const PAYMENT_OUTCOMES = ["applied", "surplus", "short", "stale"] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * Every payment a provider reported for one of our charges, and every confirmation by the
 * operator: one row per provider payment id (a repeated notification of the same payment finds
 * its row and changes nothing). Rows that settled nothing (`outcome` other than applied) are
 * what the platform operator must look at: they are listed on /financeiro and by
 * GET /billing/payments, never absorbed silently.
 */
export const billingPayments = sqliteTable(
  "billing_payments",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    chargeId: integer("charge_id").references(() => billingCharges.id, { onDelete: "set null" }),
    provider: text("provider").notNull(),
    /** The provider's id of the money received (Efí's endToEndId, Asaas's or Mercado Pago's payment id, Stripe's session id). */
    paymentId: text("payment_id").notNull(),
    /** What was paid (the charge's price when the provider does not say). */
    amount: real("amount").notNull(),
    outcome: text("outcome", { enum: PAYMENT_OUTCOMES }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("billing_payments_provider_payment_idx").on(t.provider, t.paymentId),
    index("billing_payments_company_idx").on(t.companyId, t.id),
    index("billing_payments_outcome_idx").on(t.outcome, t.id),
  ],
);
