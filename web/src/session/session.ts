import { useMemo } from "react";
import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import { declaredPlanFeatures } from "../plugin/plan-features.ts";
import { useAppSelector } from "../store/store.ts";
import { selectSession } from "./session-slice.ts";
import type { SessionCompany, SessionStatus, SessionUser } from "./types.ts";

export type { SessionCompany, SessionUser } from "./types.ts";

export interface Session {
  status: SessionStatus;
  token: string | null;
  /** The signed-in user as `/auth/me` answers it; null before sign-in (public pages). */
  user: SessionUser | null;
  company: SessionCompany | null;
  /** The company's settings (`company.settings` [{ key, value }]) as a map. */
  settings: Record<string, string>;
  /** Profile admin, or the platform super user. */
  isAdmin: boolean;
  isSuper: boolean;
  /** Whether the user holds a named permission rule (`tickets-manager:showall`, ...). */
  can(rule: string): boolean;
  /** The company plan's features (declared by the plugins' manifests); all false without a plan. */
  planFlags: Record<PlanFeatureKey, boolean>;
}

export const isAdminUser = (user: SessionUser | null | undefined): boolean => !!user && (user.super || user.profile === "admin");

export function settingsOf(user: SessionUser | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of user?.company?.settings ?? []) out[s.key] = s.value;
  return out;
}

export function planFlagsOf(user: SessionUser | null | undefined): Record<PlanFeatureKey, boolean> {
  const plan = user?.company?.plan;
  return Object.fromEntries(declaredPlanFeatures.map((f) => [f.key, !!plan?.[f.key]])) as Record<PlanFeatureKey, boolean>;
}

/** Everything derived from the session in one place, so pages and the shell agree on it. */
export function describeSession(state: { status: SessionStatus; token: string | null; user: SessionUser | null }): Session {
  const { user } = state;
  const permissions = new Set(user?.permissions ?? []);
  return {
    status: state.status,
    token: state.token,
    user,
    company: user?.company ?? null,
    settings: settingsOf(user),
    isAdmin: isAdminUser(user),
    isSuper: !!user?.super,
    can: (rule) => permissions.has(rule),
    planFlags: planFlagsOf(user),
  };
}

/**
 * The current session.
 * @example
 *   const { user, isAdmin, can, planFlags, settings } = useSession();
 *   if (can("contacts-page:deleteContact")) ...
 */
export function useSession(): Session {
  const state = useAppSelector(selectSession);
  return useMemo(() => describeSession(state), [state]);
}
