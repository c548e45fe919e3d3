import type { billingCharges } from "../../schema/tables.ts";
import type { InvoiceRow } from "../invoices/invoices.service.ts";

export type ChargeRow = typeof billingCharges.$inferSelect;

/**
 * What a charge is priced for, copied from its invoice when the charge is made: the plan, the
 * custom limits, the value, the recurrence and the period's due date. A payment of the charge
 * applies exactly this (renewal.ts), whatever the invoice says by then: a later checkout may
 * have re-priced it (issue 32: a 49.00 charge must not settle a 30,956.00 invoice).
 */
export interface ChargeSnapshot {
  planId: number | null;
  detail: string;
  users: number;
  connections: number;
  queues: number;
  recurrence: string;
  custom: boolean;
  /** YYYY-MM-DD: the due date of the period it pays. */
  dueDate: string;
  /** The invoice's value: what the charge asks for. */
  amount: number;
}

export function snapshotOf(invoice: InvoiceRow): ChargeSnapshot {
  return {
    planId: invoice.planId,
    detail: invoice.detail,
    users: invoice.users,
    connections: invoice.connections,
    queues: invoice.queues,
    recurrence: invoice.recurrence,
    custom: invoice.custom,
    dueDate: invoice.dueDate,
    amount: invoice.value,
  };
}

/** Whether a charge was priced for exactly this (then it may be shown again instead of a new one). */
export function pricedFor(charge: ChargeRow, snapshot: ChargeSnapshot): boolean {
  return (
    charge.planId === snapshot.planId &&
    charge.detail === snapshot.detail &&
    charge.users === snapshot.users &&
    charge.connections === snapshot.connections &&
    charge.queues === snapshot.queues &&
    charge.recurrence === snapshot.recurrence &&
    charge.custom === snapshot.custom &&
    charge.dueDate === snapshot.dueDate &&
    charge.amount === snapshot.amount
  );
}

/** What a payment of the charge writes on its invoice: the invoice records what was paid. */
export function paidValuesOf(charge: ChargeRow) {
  return {
    planId: charge.planId,
    detail: charge.detail,
    users: charge.users,
    connections: charge.connections,
    queues: charge.queues,
    recurrence: charge.recurrence,
    custom: charge.custom,
    value: charge.amount,
  };
}
