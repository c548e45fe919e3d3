import { eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { companies, plans } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { InvoicesService } from "./invoices.service.ts";

/** The 'Assinatura' page's data (spec 001 §2 /subscription): licence period, billing e-mail, plan, what is owed. */
export class SubscriptionService {
  constructor(
    private db: Db,
    private invoices: InvoicesService,
  ) {}

  async get(companyId: number) {
    const [row] = await this.db
      .select({ company: companies, plan: { id: plans.id, name: plans.name, amount: plans.amount, users: plans.users, connections: plans.connections, queues: plans.queues } })
      .from(companies)
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    const invoice = await this.invoices.sync(companyId);
    const { company } = row;
    return {
      companyId,
      name: company.name,
      email: company.email,
      dueDate: company.dueDate,
      recurrence: company.recurrence,
      document: company.document,
      addressCity: company.addressCity,
      addressState: company.addressState,
      plan: row.plan?.id ? row.plan : null,
      invoice: invoice ? { ...invoice, companyName: company.name } : null,
    };
  }
}
