import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../../../core/db/database.ts";
import { companies } from "../../../../core/db/tables.ts";
import type { PlanLimitValues } from "../../../../core/plugin/plan-limits.ts";
import { utcToday } from "./invoice-values.ts";
import type { InvoicesService } from "./invoices.service.ts";

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
export async function customPlanLimits(
  invoices: Pick<InvoicesService, "lastPaid">,
  companyId: number,
  db: DbOrTx,
  today = utcToday(),
): Promise<Pick<PlanLimitValues, "users" | "connections"> | null> {
  const last = await invoices.lastPaid(companyId, db);
  if (!last?.custom || !last.paidUntil || last.planId === null || last.paidUntil <= today) return null;
  // Read only for a custom period still running: the common answer (no custom plan) costs one query.
  const [company] = await db.select({ planId: companies.planId }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (company?.planId !== last.planId) return null;
  return { users: last.users, connections: last.connections };
}
