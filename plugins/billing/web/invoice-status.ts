import { Intent } from "@blueprintjs/core";
import type { Invoice } from "./billing-api.ts";

export type InvoiceDisplay = "paid" | "overdue" | "open";

/** YYYY-MM-DD of today on the viewer's clock. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Spec 001 §4 'Invoice display': paid is 'Pago'; unpaid with its due date before today 'Vencido'; otherwise 'Em Aberto'. */
export function invoiceDisplay(invoice: Pick<Invoice, "status" | "dueDate">, now: Date = new Date()): InvoiceDisplay {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate.slice(0, 10) < localDay(now) ? "overdue" : "open";
}

export const displayIntent: Record<InvoiceDisplay, Intent> = { paid: Intent.SUCCESS, overdue: Intent.DANGER, open: Intent.WARNING };

/** BRL as the product shows money: "R$ 49,90". */
export function formatMoney(value: number, language = "pt-BR"): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "BRL" }).format(value);
}
