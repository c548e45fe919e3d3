import { and, eq, ne } from "drizzle-orm";
import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { companies } from "../../../core/db/tables.ts";
import type { EventBus } from "../../../core/events/bus.ts";
import type { PluginJobs } from "../../../core/jobs/jobs.ts";
import type { Logger } from "../../../core/log.ts";
import type { ServiceMap } from "../../../core/plugin/services.ts";
import { billingCharges, invoices } from "../schema/tables.ts";
import type { PaymentFeed } from "./billing.realtime.ts";
import { paidValuesOf } from "./checkout/charge-snapshot.ts";
import type { InvoicesService } from "./invoices/invoices.service.ts";

export const RENEW_JOB = "renew";
export interface RenewPayload {
  invoiceId: number;
  /** A provider id, or "manual". */
  paidWith: string;
  /**
   * The charge whose payment this is: the invoice is paid with that charge's snapshot (what it
   * was priced for), never with the invoice's values of the moment. Absent only in jobs queued
   * before charges kept snapshots (they pay the invoice as it stands, as they always did).
   */
  chargeId?: number;
}

/** One renewal per invoice, whoever asks for it and however often (jobs' dedupe keys are global, hence the prefix). */
export const renewDedupeKey = (invoiceId: number) => `billing.renew:${invoiceId}`;

export interface RenewalDeps {
  db: Db;
  jobs: PluginJobs;
  invoices: InvoicesService;
  renewCompany: ServiceMap["companies.renew"];
  access: Pick<CompanyAccess, "invalidate">;
  feed: PaymentFeed;
  bus: EventBus;
  log: Logger;
}

/**
 * A confirmed payment's effect (spec 001 §4 Checkout): the invoice is paid, the company's due
 * date moves one recurrence period (the companies plugin's renew rule), the next period's
 * invoice is opened, all in one transaction; then the company's access is re-read (an overdue
 * company works again at once) and `company-{id}-payment` `CONCLUIDA` is sent. It runs as the
 * durable job `billing.renew`, enqueued in the same transaction that recorded the payment, so
 * a crash between the two loses nothing; a second run finds the invoice paid and only repeats
 * the announcement. The invoice records what was paid: the paying charge's plan, limits, value
 * and recurrence, so the custom-plan limits and the next period's invoice follow the payment.
 */
export class Renewals {
  constructor(private deps: RenewalDeps) {}

  /** Enqueues the renewal of an invoice inside the caller's transaction (the outbox). */
  enqueue(tx: DbOrTx, invoice: { id: number; companyId: number }, paidWith: string, chargeId: number): Promise<void> {
    const payload: RenewPayload = { invoiceId: invoice.id, paidWith, chargeId };
    return this.deps.jobs.enqueue(RENEW_JOB, payload, { tx, companyId: invoice.companyId, dedupeKey: renewDedupeKey(invoice.id) });
  }

  /** The job's body; also what the operator's one-click confirmation runs. Idempotent. */
  async apply({ invoiceId, paidWith, chargeId }: RenewPayload): Promise<{ companyId: number; dueDate: string | null } | null> {
    const { db, invoices: service, renewCompany } = this.deps;
    const done = await db.transaction(async (tx) => {
      const [found] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
      if (!found) return null;
      let invoice = found;
      if (invoice.status !== "paid") {
        const [charge] = chargeId ? await tx.select().from(billingCharges).where(eq(billingCharges.id, chargeId)).limit(1) : [];
        const renewed = await renewCompany(invoice.companyId, tx);
        // paidUntil: the period this payment bought, which a custom plan's limits last for.
        const paid = { ...(charge ? paidValuesOf(charge) : {}), status: "paid" as const, paidAt: new Date().toISOString(), paidWith, paidUntil: renewed.dueDate.slice(0, 10) };
        await tx
          .update(invoices)
          .set(paid)
          .where(and(eq(invoices.id, invoiceId), ne(invoices.status, "paid")));
        invoice = { ...invoice, ...paid };
        // The next period's invoice, due on the new due date.
        await service.sync(invoice.companyId, tx);
      }
      const [company] = await tx.select({ dueDate: companies.dueDate, recurrence: companies.recurrence }).from(companies).where(eq(companies.id, invoice.companyId)).limit(1);
      return { companyId: invoice.companyId, dueDate: company?.dueDate ?? null, recurrence: company?.recurrence ?? "MENSAL", invoice: { ...invoice, status: "paid" as const } };
    });
    if (!done) return null;
    await this.deps.access.invalidate(done.companyId);
    this.deps.feed.concluded(done.companyId, { id: done.companyId, dueDate: done.dueDate, recurrence: done.recurrence }, done.invoice);
    const operator = { companyId: done.companyId, super: true };
    this.deps.feed.invoiceChanged(await this.deps.invoices.get(operator, invoiceId));
    const next = await this.deps.invoices.unpaid(done.companyId);
    if (next) this.deps.feed.invoiceChanged(await this.deps.invoices.get(operator, next.id));
    await this.deps.bus.emit("billing.invoice.paid", { companyId: done.companyId, invoiceId, dueDate: done.dueDate });
    return { companyId: done.companyId, dueDate: done.dueDate };
  }
}
