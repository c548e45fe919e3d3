import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../core/db/database.ts";
import { companies } from "../../../../core/db/tables.ts";
import type { PlanLimitValues } from "../../../../core/plugin/plan-limits.ts";
import { invoices } from "../../schema/tables.ts";
import { utcToday } from "./invoice-values.ts";

/**
 * What a paid custom plan (spec 001 §9, chosen at checkout) gives: its users and connections
 * replace the plan's, from the payment's confirmation until the due date it bought
 * (`paidUntil`), while the company stays on the plan the invoice was made for. Registered as
 * a kernel plan-limit override (ctx.planLimits), so the users, connections and Meta linking
 * checks all see it. The company's latest payment decides: paying the plan as it is after a
 * custom one goes back to the plan's limits; the operator moving the company to another plan
 * does too (the custom plan was priced against the old one's features).
 *
 * The due day itself is outside the period, as the company access check counts it (a company
 * is overdue on its due date): from then the plan's limits apply until the next payment.
 */
export async function customPlanLimits(companyId: number, db: DbOrTx, today = utcToday()): Promise<Pick<PlanLimitValues, "users" | "connections"> | null> {
  const [last] = await db
    .select({
      custom: invoices.custom,
      planId: invoices.planId,
      users: invoices.users,
      connections: invoices.connections,
      paidUntil: invoices.paidUntil,
      companyPlan: companies.planId,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(and(eq(invoices.companyId, companyId), eq(invoices.status, "paid")))
    .orderBy(desc(invoices.paidAt), desc(invoices.id))
    .limit(1);
  if (!last?.custom || !last.paidUntil || last.planId === null || last.planId !== last.companyPlan) return null;
  if (last.paidUntil <= today) return null;
  return { users: last.users, connections: last.connections };
}
