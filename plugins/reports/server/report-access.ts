import { isAdmin } from "../../../core/auth/permissions.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";

/*
 * Spec 002 §6: a profile user sees the dashboard only with showDashboard, the real-time panel
 * only with allowRealTime; an admin (or super) always. The ticket report is part of the
 * dashboard's figures, so it asks showDashboard too.
 */

export type ReportArea = "dashboard" | "realtime";

export function mayView(user: UserRow, area: ReportArea): boolean {
  if (isAdmin(user)) return true;
  return area === "dashboard" ? user.showDashboard === "enabled" : user.allowRealTime === "enabled";
}

/** Throws ERR_REPORTS_FORBIDDEN (403) when the user may not view the area. */
export function ensureMayView(user: UserRow, area: ReportArea): void {
  if (!mayView(user, area)) throw new AppError("ERR_REPORTS_FORBIDDEN", { flag: area === "dashboard" ? "showDashboard" : "allowRealTime" });
}
