import type { Realtime } from "../../../core/realtime/realtime.ts";
import { PLATFORM_COMPANY_ID } from "../../../core/settings/settings.ts";
import type { InvoiceRow, InvoiceView } from "./invoices/invoices.service.ts";

/** What `company-{id}-payment` carries (spec 001 §7): `CONCLUIDA` with the company's new due date. */
export interface PaymentEvent {
  action: "CONCLUIDA";
  company: { id: number; dueDate: string | null; recurrence: string };
  invoice: InvoiceRow;
}

/** The platform operators' sockets (super users of company 1): every company's invoice changes go there. */
export const OPERATORS_ROOM = "billing-operators";

export interface InvoiceEvent {
  action: "update";
  invoice: InvoiceView;
}

/** The spec's payment topic, sent to the whole company namespace (every admin on /financeiro). */
export class PaymentFeed {
  constructor(private realtime: Pick<Realtime, "emit">) {}

  /** Puts super users' sockets in the operators' room (recomputed when a user's rights change). */
  static rooms(realtime: Pick<Realtime, "roomPolicy">): void {
    realtime.roomPolicy((user) => (user.super ? [OPERATORS_ROOM] : []));
  }

  concluded(companyId: number, company: PaymentEvent["company"], invoice: InvoiceRow): void {
    const payload: PaymentEvent = { action: "CONCLUIDA", company, invoice };
    this.realtime.emit(companyId, `company-${companyId}-payment`, payload);
  }

  /**
   * `company-{id}-invoice` `{ action: "update", invoice }` to the company, and to the platform
   * operator's namespace (the operator's /financeiro lists every company's invoices).
   */
  invoiceChanged(invoice: InvoiceView): void {
    const payload: InvoiceEvent = { action: "update", invoice };
    this.realtime.emit(invoice.companyId, `company-${invoice.companyId}-invoice`, payload);
    if (invoice.companyId !== PLATFORM_COMPANY_ID) this.realtime.emit(PLATFORM_COMPANY_ID, `company-${PLATFORM_COMPANY_ID}-invoice`, payload, OPERATORS_ROOM);
  }
}
