/** What the billing plugin offers other plugins: its events, and a service to bring a company's invoice up to date. */
declare module "../../../core/events/bus.ts" {
  interface EventMap {
    /** An invoice was paid and its company renewed until `dueDate`. */
    "billing.invoice.paid": { companyId: number; invoiceId: number; dueDate: string | null };
  }
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /** Creates or corrects the company's unpaid invoice (after a change the company-access cache is not told of). */
    "billing.syncInvoice": (companyId: number) => Promise<void>;
  }
}

export {};
