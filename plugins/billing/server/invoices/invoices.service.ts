import { and, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import { companies, plans } from "../../../../core/db/tables.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import { PLATFORM_COMPANY_ID } from "../../../../core/settings/settings.ts";
import { invoices } from "../../schema/tables.ts";
import { unpaidStatus, utcToday, valuesFromCustom, valuesFromPlan } from "./invoice-values.ts";

export const PAGE_SIZE = 20;
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceView = InvoiceRow & { companyName: string };

/** `%term%` for LIKE with the user's own % and _ taken literally. */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Each company's invoices. The rule: a company with a plan (the platform, company 1, never
 * pays) has exactly one unpaid invoice, for its next period, due on its due date, priced from
 * its plan and recurrence. `sync` keeps it so whenever something may have changed (company
 * created or edited, checkout, the daily sweep, a listing); it is idempotent and races are
 * settled by the one-unpaid-invoice unique index.
 */
export class InvoicesService {
  constructor(private db: Db) {}

  /** Creates or corrects the company's unpaid invoice; answers it (null for company 1, a missing company or one without a plan). */
  async sync(companyId: number, tx: DbOrTx = this.db, today = utcToday()): Promise<InvoiceRow | null> {
    if (companyId === PLATFORM_COMPANY_ID) return null;
    const [row] = await tx
      .select({ dueDate: companies.dueDate, recurrence: companies.recurrence, plan: plans })
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!row?.plan?.id) return null;
    const dueDate = (row.dueDate ?? today).slice(0, 10);
    const fromPlan = valuesFromPlan(row.plan, row.recurrence);
    const open = await this.unpaid(companyId, tx);
    if (!open) {
      // The next period of a paid custom plan is billed as that custom plan again (same plan underneath).
      const last = await this.lastPaid(companyId, tx);
      const values =
        last?.custom && last.planId === row.plan.id ? { ...valuesFromCustom(last.users, last.connections, row.recurrence, row.plan.queues), planId: row.plan.id } : fromPlan;
      await tx
        .insert(invoices)
        .values({ companyId, ...values, dueDate, status: unpaidStatus(dueDate, today) })
        .onConflictDoNothing();
      return this.unpaid(companyId, tx);
    }
    const changes: Partial<typeof invoices.$inferInsert> = {};
    if (open.dueDate !== dueDate || open.status !== unpaidStatus(dueDate, today)) Object.assign(changes, { dueDate, status: unpaidStatus(dueDate, today) });
    // A custom checkout keeps its own users and connections until the operator changes the plan.
    const target = open.custom && open.planId === row.plan.id ? { ...valuesFromCustom(open.users, open.connections, row.recurrence, open.queues), planId: row.plan.id } : fromPlan;
    for (const [key, value] of Object.entries(target) as [keyof typeof target, unknown][]) if (open[key] !== value) Object.assign(changes, { [key]: value });
    if (!Object.keys(changes).length) return open;
    await tx.update(invoices).set(changes).where(eq(invoices.id, open.id));
    return { ...open, ...changes } as InvoiceRow;
  }

  /** Every company's unpaid invoice made right, and the ones past due marked overdue (the daily job). */
  async sweep(today = utcToday()): Promise<number> {
    const ids = await this.db.select({ id: companies.id }).from(companies).where(ne(companies.id, PLATFORM_COMPANY_ID));
    for (const { id } of ids) await this.sync(id, this.db, today);
    await this.db
      .update(invoices)
      .set({ status: "overdue" })
      .where(and(eq(invoices.status, "open"), sql`${invoices.dueDate} < ${today}`));
    return ids.length;
  }

  /** The company's latest paid invoice (its current period's), or null. */
  async lastPaid(companyId: number, tx: DbOrTx = this.db): Promise<InvoiceRow | null> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "paid")))
      .orderBy(desc(invoices.paidAt), desc(invoices.id))
      .limit(1);
    return row ?? null;
  }

  async unpaid(companyId: number, tx: DbOrTx = this.db): Promise<InvoiceRow | null> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), ne(invoices.status, "paid")))
      .limit(1);
    return row ?? null;
  }

  /** Who sees what: a company its own invoices (its unpaid one made right first); the operator every company's, or one. */
  private async visible(actor: Pick<UserRow, "companyId" | "super">, searchParam: string, companyId?: number): Promise<SQL | undefined> {
    if (!actor.super) await this.sync(actor.companyId);
    else if (companyId) await this.sync(companyId);
    const s = searchParam.trim();
    const conditions: SQL[] = [];
    if (!actor.super) conditions.push(eq(invoices.companyId, actor.companyId));
    else if (companyId) conditions.push(eq(invoices.companyId, companyId));
    if (s) conditions.push(sql`(${companies.name} LIKE ${likeTerm(s)} ESCAPE '\\' OR ${invoices.detail} LIKE ${likeTerm(s)} ESCAPE '\\')`);
    return conditions.length ? and(...conditions) : undefined;
  }

  /**
   * GET /invoices/all, the original API's shape: every invoice the caller may see as a bare
   * array, newest period first (the original's Financeiro screen reads it so; it pages nothing).
   */
  async all(actor: Pick<UserRow, "companyId" | "super">, searchParam: string, companyId?: number): Promise<InvoiceView[]> {
    const where = await this.visible(actor, searchParam, companyId);
    const rows = await this.db
      .select({ invoice: invoices, companyName: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(desc(invoices.dueDate), desc(invoices.id));
    return rows.map((r) => ({ ...r.invoice, companyName: r.companyName }));
  }

  /**
   * GET /invoices: a page of the caller's company's invoices, newest period first; the platform
   * operator (super user) sees every company's, searched by company name or detail.
   */
  async page(actor: UserRow, searchParam: string, pageNumber: number, companyId?: number) {
    const where = await this.visible(actor, searchParam, companyId);
    const rows = await this.db
      .select({ invoice: invoices, companyName: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where)
      .orderBy(desc(invoices.dueDate), desc(invoices.id))
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(where);
    const n = total?.n ?? 0;
    return { invoices: rows.map((r) => ({ ...r.invoice, companyName: r.companyName })), count: n, hasMore: pageNumber * PAGE_SIZE < n };
  }

  /** One invoice the actor may see: their company's, or any for the super user; otherwise "not found". */
  async get(actor: Pick<UserRow, "companyId" | "super">, id: number, tx: DbOrTx = this.db): Promise<InvoiceView> {
    const [row] = await tx
      .select({ invoice: invoices, companyName: companies.name })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(actor.super ? eq(invoices.id, id) : and(eq(invoices.id, id), eq(invoices.companyId, actor.companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_INVOICE_FOUND");
    return { ...row.invoice, companyName: row.companyName };
  }

  /** Checkout chose a custom plan: the unpaid invoice takes its users, connections and price. */
  async applyCustom(invoice: InvoiceRow, users: number, connections: number): Promise<InvoiceRow> {
    const values = valuesFromCustom(users, connections, invoice.recurrence, invoice.queues);
    await this.db.update(invoices).set(values).where(eq(invoices.id, invoice.id));
    return { ...invoice, ...values };
  }
}
