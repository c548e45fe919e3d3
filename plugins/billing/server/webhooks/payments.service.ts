import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { billingCharges, invoices } from "../../schema/tables.ts";
import type { InvoicesService } from "../invoices/invoices.service.ts";
import type { Confirmation, WebhookInput, WebhookProviderId } from "../providers/provider.ts";
import type { ProviderRegistry } from "../providers/registry.ts";
import type { Renewals } from "../renewal.ts";

export type ConfirmOutcome = "confirmed" | "duplicate" | "unknown" | "short";

/**
 * What happens when money arrives: a provider's notification, or the operator's click.
 * Recording a confirmation is one transaction: the charge goes pending → confirmed (a
 * conditional update, so the same notification twice changes nothing) together with the
 * renewal job (the outbox), which then marks the invoice paid and renews the company.
 */
export class PaymentsService {
  constructor(
    private db: Db,
    private registry: ProviderRegistry,
    private invoices: InvoicesService,
    private renewals: Renewals,
    private log: Logger,
  ) {}

  /** A webhook: authenticated and read by its provider, each confirmed charge recorded. */
  async notify(provider: WebhookProviderId, input: WebhookInput): Promise<{ received: number; confirmed: number }> {
    const confirmations = await this.registry.forWebhook(provider).confirmations!(input);
    let confirmed = 0;
    for (const c of confirmations) if ((await this.confirm(provider, c)) === "confirmed") confirmed++;
    return { received: confirmations.length, confirmed };
  }

  async confirm(provider: string, c: Confirmation): Promise<ConfirmOutcome> {
    if (!c.externalId) return "unknown";
    const outcome = await this.db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const [charge] = await tx
        .select()
        .from(billingCharges)
        .where(and(eq(billingCharges.provider, provider), eq(billingCharges.externalId, c.externalId)))
        .limit(1);
      if (!charge) return "unknown";
      if (charge.status !== "pending") return "duplicate";
      // A partial payment settles nothing; the operator sees it at the provider.
      if (c.amount !== undefined && c.amount + 0.005 < charge.amount) return "short";
      const [updated] = await tx
        .update(billingCharges)
        .set({ status: "confirmed", confirmedBy: c.confirmedBy.slice(0, 200), confirmedAt: new Date().toISOString() })
        .where(and(eq(billingCharges.id, charge.id), eq(billingCharges.status, "pending")))
        .returning({ id: billingCharges.id });
      if (!updated) return "duplicate";
      await this.renewals.enqueue(tx, { id: charge.invoiceId, companyId: charge.companyId }, provider);
      return "confirmed";
    });
    if (outcome === "unknown" || outcome === "short") this.log.warn(`billing: ${provider} notified ${outcome} charge ${c.externalId}`);
    return outcome;
  }

  /** The platform operator confirms an invoice paid (a static PIX seen in the bank, a payment made elsewhere): renewed at once. */
  async markPaid(actor: UserRow, invoiceId: number) {
    if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
    const invoice = await this.invoices.get(actor, invoiceId);
    if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID");
    await this.renewals.apply({ invoiceId: invoice.id, paidWith: "manual" });
    // A charge still waiting for this invoice is settled too: a late notification of it changes nothing.
    await this.db
      .update(billingCharges)
      .set({ status: "confirmed", confirmedBy: `manual:${actor.id}`, confirmedAt: new Date().toISOString() })
      .where(and(eq(billingCharges.invoiceId, invoice.id), eq(billingCharges.status, "pending")));
    const [paid] = await this.db.select().from(invoices).where(eq(invoices.id, invoice.id)).limit(1);
    return { ...paid!, companyName: invoice.companyName };
  }
}
