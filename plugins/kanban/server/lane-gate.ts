import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";

/**
 * Whether the lanes of a company may move tickets by themselves: an active company (not
 * disabled, not overdue) whose plan includes kanban. Both answers come from the kernel's
 * per-process caches.
 */
export async function lanesMayMove(deps: { companyAccess: CompanyAccess; planFeatures: PlanFeatureRegistry }, companyId: number): Promise<boolean> {
  if ((await deps.companyAccess.state(companyId)) !== "active") return false;
  return deps.planFeatures.enabled(companyId, "useKanban");
}
