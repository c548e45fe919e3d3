import type { MiddlewareHandler } from "hono";
import { AppError } from "../errors.ts";
import { readAccessToken } from "../auth/tokens.ts";
import { isAdmin } from "../auth/permissions.ts";
import { ensureCompanyMayWork, type WhenOverdue } from "../auth/company-gate.ts";
import { currentUser } from "../auth/current-user.ts";
import type { PlanFeatureKey } from "../plugin/plan-features.ts";

/** Who may call a route. `user` is any signed-in person of the company. */
export type Access = "public" | "user" | "admin" | "super";

export interface GuardOptions {
  access?: Access;
  /** A named permission rule the user must hold (e.g. `user-modal:editProfile`). */
  rule?: string;
  /** The plan feature the company needs; routes made with a plugin's route factory inherit the plugin's `planFlag`, `false` opts out. */
  plan?: PlanFeatureKey | false;
  /** `"allow"`: an overdue company may still call it (session, shell and billing routes); others answer ERR_SUBSCRIPTION_EXPIRED. */
  whenOverdue?: WhenOverdue;
}

/**
 * Reads the bearer token and loads its user. A missing token answers 401, an invalid
 * or expired one 403 (the web refreshes once on 403), a user who no longer exists 403.
 */
export const authenticate: MiddlewareHandler = async (c, next) => {
  const kernel = c.get("kernel");
  const header = c.req.header("authorization") ?? "";
  const token = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
  if (!token) throw new AppError("ERR_SESSION_EXPIRED");
  const claims = await readAccessToken(token, kernel.secrets.jwt);
  if (!claims) throw new AppError("ERR_INVALID_TOKEN");
  const user = await currentUser(kernel.db, claims.sub);
  if (!user || user.companyId !== claims.companyId) throw new AppError("ERR_INVALID_TOKEN");
  c.set("user", user);
  await next();
};

/** Builds the middleware chain for a route: authenticate, check the company's state, access, rule and plan. */
export function guard(options: GuardOptions = {}): MiddlewareHandler[] {
  const access = options.access ?? "user";
  if (access === "public") return [];
  const check: MiddlewareHandler = async (c, next) => {
    const user = c.get("user");
    const kernel = c.get("kernel");
    // A disabled or overdue company loses access before any permission is looked at.
    await ensureCompanyMayWork(kernel.companyAccess, user, options.whenOverdue);
    if (access === "admin" && !isAdmin(user)) throw new AppError("ERR_NO_PERMISSION");
    if (access === "super" && !user.super) throw new AppError("ERR_NO_PERMISSION");
    if (options.rule && !kernel.permissions.can(user, options.rule)) throw new AppError("ERR_NO_PERMISSION");
    // Asked through the kernel port (cached by its provider, the plans plugin): the kernel names no feature.
    if (options.plan && !(await kernel.planFeatures.enabled(user.companyId, options.plan))) throw new AppError("ERR_PLAN_FEATURE_DISABLED", { flag: options.plan });
    await next();
  };
  return [authenticate, check];
}
