import { and, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { companies } from "../../../../core/db/tables.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { billingCharges, invoices } from "../../schema/tables.ts";
import type { InvoicesService } from "../invoices/invoices.service.ts";
import { newReference, type ChargeCreated, type ProviderId } from "../providers/provider.ts";
import type { ProviderRegistry } from "../providers/registry.ts";
import { type ChargeSnapshot, pricedFor, snapshotOf } from "./charge-snapshot.ts";
import type { CheckoutInput, PaymentAnswer } from "./checkout.schemas.ts";

/** A pending charge younger than this is shown again instead of making a new one (a second click, a reload). */
export const REUSE_CHARGE_MS = 50 * 60 * 1000;

export interface CheckoutUrls {
  /** Where the web app lives (hosted checkouts send the payer back to its /financeiro). */
  appOrigin: string;
  /** This server's public base for provider notifications, when known. */
  publicUrl: string | null;
}

/** The spec's payment response (§3) from what a provider made. */
export function paymentAnswer(provider: ProviderId, invoiceId: number, chargeId: number, amount: number, made: ChargeCreated): PaymentAnswer {
  const url = made.url ?? null;
  return {
    provider,
    invoiceId,
    chargeId,
    value: amount,
    valorext: amount.toFixed(2),
    qrcode: made.pixCode ? { qrcode: made.pixCode } : null,
    url,
    stripeURL: provider === "stripe" ? url : null,
    asaasURL: provider === "asaas" ? url : null,
    mercadopagoURL: provider === "mercadopago" ? url : null,
  };
}

/**
 * POST /subscription (spec 001 §7): charges the company's unpaid invoice through the provider
 * the operator configured. The company is the caller's; the price is the invoice's, or the
 * custom plan's as priced here (spec 001 §9), never the client's. Card fields of the spec's
 * form are accepted for compatibility and dropped unread: hosted checkouts take cards.
 *
 * Each charge keeps a snapshot of what it was priced for (charge-snapshot.ts); a new charge
 * supersedes the invoice's older pending ones, which are cancelled at their provider where it
 * allows (a payment of one that still arrives is honoured at its own snapshot, payments.service.ts).
 */
export class CheckoutService {
  constructor(
    private db: Db,
    private invoices: InvoicesService,
    private registry: ProviderRegistry,
    private log: Pick<Logger, "warn">,
  ) {}

  async checkout(actor: UserRow, form: CheckoutInput, urls: CheckoutUrls): Promise<PaymentAnswer> {
    await this.invoices.sync(actor.companyId);
    const found = await this.invoices.get({ companyId: actor.companyId, super: false }, form.invoiceId);
    if (found.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID");
    let invoice = found;
    if (form.custom) invoice = { ...found, ...(await this.invoices.applyCustom(found, form.custom.users, form.custom.connections)) };
    else if (found.custom) {
      // Back to the plan: the sync puts the plan's values again.
      await this.db.update(invoices).set({ custom: false, planId: null }).where(eq(invoices.id, found.id));
      invoice = { ...found, ...(await this.invoices.sync(actor.companyId))! };
    }
    const provider = await this.registry.active();
    if (!provider) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED");

    const priced = snapshotOf(invoice);
    const reusable = await this.pendingCharge(invoice.id, provider.id, priced);
    if (reusable) return paymentAnswer(provider.id, invoice.id, reusable.id, reusable.amount, JSON.parse(reusable.answer) as ChargeCreated);

    const [company] = await this.db.select({ email: companies.email }).from(companies).where(eq(companies.id, actor.companyId)).limit(1);
    const made = await provider.createCharge({
      reference: newReference(invoice.id),
      invoiceId: invoice.id,
      amount: invoice.value,
      description: `Fatura ${invoice.id} - ${invoice.detail}`.slice(0, 120),
      payer: { name: `${form.firstName} ${form.lastName}`.trim(), email: company?.email || actor.email, document: form.zipcode },
      webhookUrl: urls.publicUrl ? `${urls.publicUrl}/billing/webhooks/${provider.id}` : null,
      returnUrl: `${urls.appOrigin}/financeiro`,
    });
    const [charge] = await this.db
      .insert(billingCharges)
      .values({
        companyId: actor.companyId,
        invoiceId: invoice.id,
        provider: provider.id,
        externalId: made.externalId,
        ...priced,
        answer: JSON.stringify({ externalId: made.externalId, pixCode: made.pixCode, url: made.url }),
      })
      .returning();
    await this.supersedeOlder(invoice.id, charge!.id);
    return paymentAnswer(provider.id, invoice.id, charge!.id, invoice.value, made);
  }

  /** The invoice's latest pending charge of this provider, when it was priced for exactly this and is recent. */
  private async pendingCharge(invoiceId: number, provider: string, priced: ChargeSnapshot) {
    const [charge] = await this.db
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.invoiceId, invoiceId), eq(billingCharges.provider, provider), eq(billingCharges.status, "pending")))
      .orderBy(desc(billingCharges.id))
      .limit(1);
    if (!charge || !pricedFor(charge, priced) || Date.now() - Date.parse(charge.createdAt) > REUSE_CHARGE_MS) return null;
    return charge;
  }

  /**
   * The invoice's other pending charges become superseded, and are cancelled at their provider
   * where it can (best effort: one that is paid anyway is still honoured at its own values).
   */
  private async supersedeOlder(invoiceId: number, newest: number): Promise<void> {
    const older = await this.db
      .update(billingCharges)
      .set({ status: "superseded" })
      .where(and(eq(billingCharges.invoiceId, invoiceId), eq(billingCharges.status, "pending"), ne(billingCharges.id, newest)))
      .returning({ provider: billingCharges.provider, externalId: billingCharges.externalId });
    for (const charge of older) {
      const provider = this.registry.byId(charge.provider);
      if (!provider?.cancelCharge) continue;
      await provider
        .cancelCharge(charge.externalId)
        .catch((err: unknown) => this.log.warn(`billing: ${charge.provider} could not cancel superseded charge ${charge.externalId}: ${(err as Error).message}`));
    }
  }
}
