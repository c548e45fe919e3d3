import { sql } from "drizzle-orm";
import { hashPassword } from "../../../core/auth/password.ts";
import { publicUser } from "../../../core/auth/session-user.ts";
import type { Db } from "../../../core/db/database.ts";
import { companies, plans, users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { SettingsService } from "../../../core/settings/settings.ts";
import { addDays, parseDay, utcToday } from "../shared/renew.ts";
import { defaultOfficeHours } from "../../office-hours/office-hours.contract.ts";
import { CAMPAIGNS_ENABLED_SETTING, campaignsEnabledData } from "../../campaigns/campaigns.contract.ts";
import type { CreateCompanyInput } from "./companies.contract.ts";
import type { CompanyRow, PublicUserRow } from "./companies.types.ts";
import { uniqueViolation } from "../../../core/db/errors.ts";
import type { SchedulesService } from "./schedules.service.ts";

/** Fields the super user's form carries beyond what signup sends. */
export interface CompanyFormExtras {
  numberAttendants?: number;
  numberConections?: number;
  paymentMethod?: string;
  addressStreet?: string;
  addressState?: string;
  addressCity?: string;
}

/** Days a company created without a due date may work: the spec's trial length. */
export const TRIAL_DAYS = 7;

/**
 * Creates a company with its first admin (the company's e-mail, the given password),
 * its default company settings and office hours, in ONE transaction: a failure at any
 * step leaves nothing behind. Serves both POST /companies and the `companies.create`
 * service (signup).
 *
 * Defaults when a field is omitted: due date today + 7 days (the spec's trial, so a
 * company nobody dated cannot run forever), recurrence MENSAL, status active (a caller
 * that wants the form's "inactive" default passes `status: false`), campaigns off.
 */
export async function createCompany(
  db: Db,
  settings: SettingsService,
  schedules: SchedulesService,
  input: CreateCompanyInput & CompanyFormExtras,
): Promise<{ company: CompanyRow & { campaignsEnabled: boolean }; user: PublicUserRow }> {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  // HTTP callers were validated by zod already; service callers (signup) get the same rules.
  const fields = inputErrors(name, email, input.password);
  if (input.dueDate !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(input.dueDate) || !parseDay(input.dueDate))) fields.dueDate = "Data inválida (AAAA-MM-DD)";
  if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", { fields });

  await ensureNameFree(db, name);
  await ensureEmailFree(db, email);
  const [plan] = await db.select({ id: plans.id }).from(plans).where(sql`${plans.id} = ${input.planId}`).limit(1);
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", { fields: { planId: "Plano é obrigatório" } });

  // Hashing is slow on purpose; do it before the transaction holds the write lock.
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          name,
          email,
          phone: input.phone ?? "",
          planId: plan.id,
          status: input.status ?? true,
          dueDate: input.dueDate ?? addDays(utcToday(), TRIAL_DAYS),
          recurrence: input.recurrence ?? "MENSAL",
          document: input.document ?? "",
          numberAttendants: input.numberAttendants ?? 1,
          numberConections: input.numberConections ?? 1,
          paymentMethod: input.paymentMethod ?? "",
          addressStreet: input.addressStreet ?? "",
          addressState: input.addressState ?? "",
          addressCity: input.addressCity ?? "",
        })
        .returning();
      if (!company) throw new Error("company insert returned nothing");
      const [user] = await tx
        .insert(users)
        .values({ companyId: company.id, name: input.adminName?.trim() || name, email, passwordHash, profile: "admin" })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      await settings.seedCompany(company.id, tx);
      // Written whether or not the campaigns plugin is installed: the company answers it either way.
      await settings.setCompany(company.id, CAMPAIGNS_ENABLED_SETTING, campaignsEnabledData(input.campaignsEnabled ?? false), tx);
      await schedules.replace(company.id, defaultOfficeHours(), tx);
      return { company: { ...company, campaignsEnabled: input.campaignsEnabled ?? false }, user: publicUser(user) };
    });
  } catch (err) {
    // Two requests raced past the pre-checks: the unique indexes have the last word.
    const index = uniqueViolation(err);
    if (index === "companies_name_unique") throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
    if (index === "users_email_unique") throw new AppError("ERR_DUPLICATED_EMAIL", { fields: { email: "ERR_DUPLICATED_EMAIL" } });
    throw err;
  }
}

/** Company names are unique ignoring case (the database has a unique index on lower(name)). */
export async function ensureNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const rows = await db.select({ id: companies.id }).from(companies).where(sql`lower(${companies.name}) = lower(${name})`).limit(2);
  if (rows.some((r) => r.id !== exceptId)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
}

/** The first admin signs in with the company's e-mail, so no other user may hold it. */
async function ensureEmailFree(db: Db, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  if (taken) throw new AppError("ERR_DUPLICATED_EMAIL", { fields: { email: "ERR_DUPLICATED_EMAIL" } });
}

function inputErrors(name: string, email: string, password: string): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!name) fields.name = "Nome é obrigatório";
  else if (name.length < 2) fields.name = "Muito curto!";
  else if (name.length > 50) fields.name = "Muito extenso!";
  if (!email) fields.email = "E-mail é obrigatório";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fields.email = "Email é inválido";
  if (password.length < 5) fields.password = "Muito curto!";
  else if (password.length > 50) fields.password = "Muito extenso!";
  return fields;
}
