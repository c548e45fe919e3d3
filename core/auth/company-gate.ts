import type { UserRow } from "../db/rows.ts";
import { AppError } from "../errors.ts";
import type { CompanyAccess } from "./company-access.ts";

type Person = Pick<UserRow, "companyId" | "super">;

/**
 * What an overdue company may still call. `"allow"` marks the routes a person needs to
 * sign in, see the shell and pay (session routes, settings reads, the plan, billing);
 * every other route answers ERR_SUBSCRIPTION_EXPIRED while the due date is past.
 */
export type WhenOverdue = "allow";

/**
 * The company check of every guarded request: a disabled company's tokens are refused
 * (ERR_COMPANY_INACTIVE), an overdue company's too (ERR_SUBSCRIPTION_EXPIRED) unless the
 * route allows it. Super users are never blocked: they run the platform, and refusing them
 * would leave nobody able to re-enable a company (company 1 itself never expires).
 * @example
 *   await ensureCompanyMayWork(kernel.companyAccess, c.get("user"), route.whenOverdue);
 */
export async function ensureCompanyMayWork(access: CompanyAccess, user: Person, whenOverdue?: WhenOverdue): Promise<void> {
  if (user.super) return;
  const state = await access.state(user.companyId);
  if (state === "disabled") throw new AppError("ERR_COMPANY_INACTIVE");
  if (state === "overdue" && whenOverdue !== "allow") throw new AppError("ERR_SUBSCRIPTION_EXPIRED");
}

/**
 * Login and refresh: a disabled company's people get no session (checked after the
 * password, so a stranger learns nothing about the company). An overdue company still
 * signs in, so its admin can reach billing and pay.
 * @example
 *   await ensureCompanyMaySignIn(kernel.companyAccess, user);
 */
export function ensureCompanyMaySignIn(access: CompanyAccess, user: Person): Promise<void> {
  return ensureCompanyMayWork(access, user, "allow");
}
