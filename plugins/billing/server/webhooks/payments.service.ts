import { and, count, desc, eq, inArray, ne, notExists, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { companies } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { billingCharges, billingPayments, invoices, type PaymentOutcome } from "../../schema/tables.ts";
import { type ChargeRow, snapshotOf } from "../checkout/charge-snapshot.ts";
import { type InvoicesService, PAGE_SIZE } from "../invoices/invoices.service.ts";
import { type Confirmation, newReference, type WebhookInput, type WebhookProviderId } from "../providers/provider.ts";
import type { ProviderRegistry } from "../providers/registry.ts";
import type { Renewals } from "../renewal.ts";

/** applied … stale: the payment was recorded (billing_payments); unknown: no charge of ours; redelivered: a payment already recorded. */
export type ConfirmOutcome = PaymentOutcome | "unknown" | "redelivered";

const otherCharge = alias(billingCharges, "other_charge");

/**
 * What happens when money arrives: a provider's notification, or the operator's click. Every
 * payment of one of our charges is recorded once (billing_payments, one row per provider
 * payment id), in the same transaction as its effect:
 * - it **settles** the invoice (applied) when it pays at least the charge's price, the invoice
 *   is unpaid, no other charge of it was confirmed, and the company is still on the plan and
 *   recurrence the charge was priced for: the charge goes pending/superseded → confirmed (one
 *   conditional update, so one charge per invoice) with the renewal job (the outbox), which
 *   pays the invoice with the charge's snapshot;
 * - otherwise it settles nothing and stays visible to the operator: `surplus` (the invoice was
 *   already settled), `short` (less than the charge's price), `stale` (the operator changed the
 *   company's plan or recurrence after the charge was priced).
 * A superseded charge (a newer checkout re-priced the invoice) is honoured like a pending one:
 * the money is real, and it buys exactly what that charge was priced for.
 */
export class PaymentsService {
  constructor(
    private db: Db,
    private registry: ProviderRegistry,
    private invoices: InvoicesService,
    private renewals: Renewals,
    private log: Logger,
  ) {}

  /** A webhook: authenticated and read by its provider, each payment recorded. */
  async notify(provider: WebhookProviderId, input: WebhookInput): Promise<{ received: number; confirmed: number }> {
    const recorded = (paymentId: string) => this.recorded(provider, paymentId);
    const confirmations = await this.registry.forWebhook(provider).confirmations!({ ...input, recorded });
    let confirmed = 0;
    for (const c of confirmations) if ((await this.confirm(provider, c)) === "applied") confirmed++;
    return { received: confirmations.length, confirmed };
  }

  /** Whether a payment of this provider was already recorded (a notification of it needs no look-up). */
  async recorded(provider: string, paymentId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: billingPayments.id })
      .from(billingPayments)
      .where(and(eq(billingPayments.provider, provider), eq(billingPayments.paymentId, paymentId)))
      .limit(1);
    return !!row;
  }

  /**
   * Records one payment of one of our charges and settles its invoice when it may (see the class).
   * `renewNow`: the caller runs the renewal itself (the operator's click) instead of the job.
   */
  async confirm(provider: string, c: Confirmation, options: { renewNow?: boolean } = {}): Promise<ConfirmOutcome> {
    if (!c.externalId || !c.paymentId) return "unknown";
    const paymentId = c.paymentId.slice(0, 200);
    const outcome = await this.db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const [charge] = await tx
        .select()
        .from(billingCharges)
        .where(and(eq(billingCharges.provider, provider), eq(billingCharges.externalId, c.externalId)))
        .limit(1);
      if (!charge) return "unknown";
      // The payment that confirmed it (also one confirmed before payments were recorded).
      if (charge.status === "confirmed" && charge.confirmedBy === paymentId) return "redelivered";
      const [claimed] = await tx
        .insert(billingPayments)
        .values({ companyId: charge.companyId, invoiceId: charge.invoiceId, chargeId: charge.id, provider, paymentId, amount: c.amount ?? charge.amount, outcome: "applied" })
        .onConflictDoNothing()
        .returning({ id: billingPayments.id });
      if (!claimed) return "redelivered";
      const settled = await this.settle(tx, charge, c.amount, paymentId, !options.renewNow);
      if (settled !== "applied") await tx.update(billingPayments).set({ outcome: settled }).where(eq(billingPayments.id, claimed.id));
      return settled;
    });
    if (outcome !== "applied" && outcome !== "redelivered") this.log.warn(`billing: ${provider} payment ${paymentId} of charge ${c.externalId}: ${outcome}`);
    return outcome;
  }

  private async settle(tx: DbOrTx, charge: ChargeRow, amount: number | undefined, paymentId: string, enqueue: boolean): Promise<PaymentOutcome> {
    if (amount !== undefined && amount + 0.005 < charge.amount) return "short";
    const [invoice] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, charge.invoiceId)).limit(1);
    if (!invoice || invoice.status === "paid" || charge.status === "confirmed") return "surplus";
    const [company] = await tx.select({ planId: companies.planId, recurrence: companies.recurrence }).from(companies).where(eq(companies.id, charge.companyId)).limit(1);
    // Priced for a plan or a period length the company no longer has: applying it would sell the
    // new one at the old price. (The operator's own confirmation is of the invoice as it stands.)
    if (charge.provider !== "manual" && (company?.planId !== charge.planId || company.recurrence !== charge.recurrence)) return "stale";
    const [updated] = await tx
      .update(billingCharges)
      .set({ status: "confirmed", confirmedBy: paymentId, confirmedAt: new Date().toISOString() })
      .where(
        and(
          eq(billingCharges.id, charge.id),
          inArray(billingCharges.status, ["pending", "superseded"]),
          // One charge settles an invoice, whichever payment arrives first.
          notExists(
            tx
              .select({ id: otherCharge.id })
              .from(otherCharge)
              .where(and(eq(otherCharge.invoiceId, charge.invoiceId), eq(otherCharge.status, "confirmed"))),
          ),
        ),
      )
      .returning({ id: billingCharges.id });
    if (!updated) return "surplus";
    // The invoice's other charges can no longer settle it: a payment of one is a surplus for the operator.
    await tx
      .update(billingCharges)
      .set({ status: "superseded" })
      .where(and(eq(billingCharges.invoiceId, charge.invoiceId), eq(billingCharges.status, "pending")));
    if (enqueue) await this.renewals.enqueue(tx, { id: charge.invoiceId, companyId: charge.companyId }, charge.provider, charge.id);
    return "applied";
  }

  /**
   * The platform operator confirms an invoice paid (a static PIX seen in the bank, a payment
   * made elsewhere): renewed at once, through the same path as a provider's payment. When a
   * payment of one of its charges already arrived (its renewal still queued), that payment is
   * what settles it; otherwise a "manual" charge of the invoice as it stands (the value the
   * confirmation showed) is recorded and confirmed.
   */
  async markPaid(actor: UserRow, invoiceId: number) {
    if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
    const invoice = await this.invoices.get(actor, invoiceId);
    if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID");
    let settling = await this.confirmedCharge(invoice.id);
    if (!settling) {
      const synced = await this.invoices.sync(invoice.companyId);
      const current = synced?.id === invoice.id ? synced : invoice;
      const externalId = `manual${newReference(invoice.id)}`;
      const [charge] = await this.db
        .insert(billingCharges)
        .values({ companyId: invoice.companyId, invoiceId: invoice.id, provider: "manual", externalId, ...snapshotOf(current) })
        .returning();
      await this.confirm("manual", { externalId, paymentId: `manual:${actor.id}:${charge!.id}`, amount: charge!.amount }, { renewNow: true });
      settling = await this.confirmedCharge(invoice.id);
    }
    if (settling) await this.renewals.apply({ invoiceId: invoice.id, paidWith: settling.provider, chargeId: settling.id });
    const [paid] = await this.db.select().from(invoices).where(eq(invoices.id, invoice.id)).limit(1);
    return { ...paid!, companyName: invoice.companyName };
  }

  /** GET /billing/payments (the operator's): newest first, 20 a page; `attention` keeps those that settled nothing. */
  async list(query: { attention: boolean; companyId?: number; pageNumber: number }) {
    const conditions: SQL[] = [];
    if (query.attention) conditions.push(ne(billingPayments.outcome, "applied"));
    if (query.companyId) conditions.push(eq(billingPayments.companyId, query.companyId));
    const where = conditions.length ? and(...conditions) : undefined;
    const rows = await this.db
      .select({ payment: billingPayments, companyName: companies.name, chargeAmount: billingCharges.amount })
      .from(billingPayments)
      .innerJoin(companies, eq(companies.id, billingPayments.companyId))
      .leftJoin(billingCharges, eq(billingCharges.id, billingPayments.chargeId))
      .where(where)
      .orderBy(desc(billingPayments.id))
      .limit(PAGE_SIZE)
      .offset((query.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(billingPayments).where(where);
    const n = total?.n ?? 0;
    const payments = rows.map(({ payment: p, companyName, chargeAmount }) => ({
      id: p.id,
      companyId: p.companyId,
      companyName,
      invoiceId: p.invoiceId,
      chargeId: p.chargeId,
      provider: p.provider,
      paymentId: p.paymentId,
      amount: p.amount,
      chargeAmount,
      outcome: p.outcome,
      createdAt: p.createdAt,
    }));
    return { payments, count: n, hasMore: query.pageNumber * PAGE_SIZE < n };
  }

  private async confirmedCharge(invoiceId: number): Promise<ChargeRow | null> {
    const [charge] = await this.db
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.invoiceId, invoiceId), eq(billingCharges.status, "confirmed")))
      .limit(1);
    return charge ?? null;
  }
}
