/** What the billing plugin publishes for other plugins: its events. */
declare module "../../../core/events/bus.ts" {
  interface EventMap {
    /** An invoice was paid and its company renewed until `dueDate`. */
    "billing.invoice.paid": { companyId: number; invoiceId: number; dueDate: string | null };
  }
}

export {};
