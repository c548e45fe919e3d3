import type { PublicUser } from "../../../core/auth/session-user.ts";
import type { PlanRow } from "../../../core/db/rows.ts";
import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";

/** Plugins add the fields their `sessionUsers.extend()` puts on the user, by declaration merging. */
export interface SessionUserExtensions {}

export interface SessionQueue {
  id: number;
  name: string;
  color?: string;
  [key: string]: unknown;
}

/** The company as login, refresh and `/auth/me` answer it. */
export interface SessionCompany {
  id: number;
  name: string;
  status: boolean;
  /** YYYY-MM-DD; the company may work while today is before it. */
  dueDate: string | null;
  recurrence: string;
  planId: number | null;
  /** The plan with one boolean per declared plan feature (`useKanban`, ...). */
  plan: (PlanRow & Partial<Record<PlanFeatureKey, boolean>>) | null;
  settings: { key: string; value: string }[];
}

/** The signed-in user exactly as the server answers it (user row without secrets, permissions, company). */
export interface SessionUser extends PublicUser, SessionUserExtensions {
  queues: SessionQueue[];
  /** Named permission rules the user holds (`tickets-manager:showall`, ...). */
  permissions: string[];
  company: SessionCompany | null;
}

/** `booting` until the startup refresh answers; then signed in or anonymous. */
export type SessionStatus = "booting" | "signedIn" | "anonymous";
