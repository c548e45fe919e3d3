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

export const CHARGE_STATUSES = ["pending", "confirmed"] as const;

/**
 * One attempt to collect an invoice through a provider (a PIX charge, a checkout session, a
 * payment). `external_id` is the provider's id for it (Efí's txid, Stripe's session id, Asaas's
 * payment id, Mercado Pago's preference id, or the static BR Code's txid): a notification finds
 * its charge by it. Confirming is one conditional update (pending → confirmed) in the same
 * transaction as the renewal job, so a repeated notification changes nothing and a crash
 * between receipt and renewal loses nothing.
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
    amount: real("amount").notNull(),
    status: text("status", { enum: CHARGE_STATUSES }).notNull().default("pending"),
    /** What the payment screen shows again: the PIX copy-and-paste text and/or the provider's URL (JSON). */
    answer: text("answer").notNull().default("{}"),
    /** The provider's id of the confirming payment or event (endToEndId, payment id, event id). */
    confirmedBy: text("confirmed_by"),
    confirmedAt: text("confirmed_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("billing_charges_external_idx").on(t.provider, t.externalId), index("billing_charges_invoice_idx").on(t.invoiceId)],
);
