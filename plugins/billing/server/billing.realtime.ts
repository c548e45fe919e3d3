import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { InvoiceRow } from "./invoices/invoices.service.ts";

/** What `company-{id}-payment` carries (spec 001 §7): `CONCLUIDA` with the company's new due date. */
export interface PaymentEvent {
  action: "CONCLUIDA";
  company: { id: number; dueDate: string | null; recurrence: string };
  invoice: InvoiceRow;
}

/** The spec's payment topic, sent to the whole company namespace (every admin on /financeiro). */
export class PaymentFeed {
  constructor(private realtime: Pick<Realtime, "emit">) {}

  concluded(companyId: number, company: PaymentEvent["company"], invoice: InvoiceRow): void {
    const payload: PaymentEvent = { action: "CONCLUIDA", company, invoice };
    this.realtime.emit(companyId, `company-${companyId}-payment`, payload);
  }
}
