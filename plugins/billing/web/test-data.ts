import type { Invoice, PaymentAnswer, Subscription } from "./billing-api.ts";

/** An invoice as GET /invoices answers it. */
export function apiInvoice(id: number, over: Partial<Invoice> = {}): Invoice {
  return {
    id,
    companyId: 2,
    companyName: "Empresa Teste",
    planId: 1,
    detail: "Plano Ouro",
    users: 5,
    connections: 2,
    queues: 4,
    value: 99.9,
    recurrence: "MENSAL",
    custom: false,
    dueDate: "2099-01-10",
    status: "open",
    paidAt: null,
    paidWith: null,
    paidUntil: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...over,
  };
}

export function apiSubscription(over: Partial<Subscription> = {}): Subscription {
  return {
    companyId: 2,
    name: "Empresa Teste",
    email: "financeiro@empresa.test",
    dueDate: "2099-01-10",
    recurrence: "MENSAL",
    document: "52998224725",
    addressCity: "Recife",
    addressState: "PE",
    plan: { id: 1, name: "Plano Ouro", amount: 99.9, users: 5, connections: 2, queues: 4 },
    invoice: apiInvoice(1),
    ...over,
  };
}

export const pixAnswer = (over: Partial<PaymentAnswer> = {}): PaymentAnswer => ({
  provider: "pix",
  invoiceId: 1,
  chargeId: 1,
  value: 99.9,
  valorext: "99.90",
  qrcode: { qrcode: "00020126360014br.gov.bcb.pix0114pix@example.com520400005303986540599.905802BR5901A6001B62070503***6304ABCD" },
  url: null,
  stripeURL: null,
  asaasURL: null,
  mercadopagoURL: null,
  ...over,
});
