import { eq } from "drizzle-orm";
import { FailureLimiter } from "../../../core/auth/rate-limit.ts";
import type { Db } from "../../../core/db/database.ts";
import { plans } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import { PLATFORM_COMPANY_ID, type SettingsService } from "../../../core/settings/settings.ts";
import type { ServiceMap } from "../../../core/plugin/services.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import "../../companies/server/companies.contract.ts";

/** The spec's trial: the company works for 7 days, billed monthly. */
export const TRIAL_DAYS = 7;
/** Signups one address may attempt per window (a real office signs up once). */
export const SIGNUPS_PER_ADDRESS = 5;
const WINDOW_MS = 60 * 60 * 1000;

export interface SignupRequest {
  name: string;
  email: string;
  password: string;
  companyName: string;
  phone: string;
  planId: number;
}

/** YYYY-MM-DD of today (UTC) plus `days`. */
export function trialDueDate(days = TRIAL_DAYS, now = new Date()): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Public signup. The client's recurrence, due date, status and company id are never
 * trusted: a signup is always a new, active company on a 7-day MENSAL trial of a public
 * plan. Creation itself belongs to the companies plugin (`companies.create`).
 */
export class SignupService {
  private attempts = new FailureLimiter(SIGNUPS_PER_ADDRESS, WINDOW_MS);

  constructor(
    private db: Db,
    private settings: SettingsService,
    private createCompany: ServiceMap["companies.create"],
    /** The kernel's plan features (ctx.planFeatures): campaigns start enabled when the plan has them. */
    private planFeatures: Pick<PlanFeatureRegistry, "forPlan">,
  ) {}

  async signup(input: SignupRequest, address: string) {
    if (this.attempts.blocked(address)) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
    // Every attempt counts, successful or not: the limit is on companies created and on probing.
    this.attempts.fail(address);
    if ((await this.settings.globalOne(PLATFORM_COMPANY_ID, "userCreation")) === "disabled") throw new AppError("ERR_USER_CREATION_DISABLED");

    const [plan] = await this.db.select().from(plans).where(eq(plans.id, input.planId)).limit(1);
    // A private plan is answered like a missing one: signup must not reveal it exists.
    if (!plan?.isPublic) throw new AppError("ERR_NO_PLAN_FOUND", { fields: { planId: "Obrigatório" } });

    const { company, user } = await this.createCompany({
      name: input.companyName,
      email: input.email,
      phone: input.phone,
      planId: plan.id,
      password: input.password,
      adminName: input.name,
      recurrence: "MENSAL",
      dueDate: trialDueDate(),
      status: true,
      campaignsEnabled: (await this.planFeatures.forPlan(plan.id))?.useCampaigns === true,
    });
    return {
      company: { id: company.id, name: company.name, dueDate: company.dueDate, recurrence: company.recurrence, status: company.status },
      user: { id: user.id, name: user.name, email: user.email },
    };
  }
}
