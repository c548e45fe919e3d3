import type { UserRow } from "../../../core/db/rows.ts";
import { isAdmin } from "../../../core/auth/permissions.ts";
import { AppError } from "../../../core/errors.ts";

/**
 * Who may touch company `companyId` on the routes a non-super user can reach. The super
 * user may touch any; others only their own, and another company's id answers 404 as if
 * it did not exist (tenancy: never confirm that someone else's record is there).
 */
export function ensureCompanyAccess(user: UserRow, companyId: number, level: "user" | "admin"): void {
  if (user.super) return;
  if (user.companyId !== companyId) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (level === "admin" && !isAdmin(user)) throw new AppError("ERR_NO_PERMISSION");
}
