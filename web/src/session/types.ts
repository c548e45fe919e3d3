import type { UserAnswer } from "../../../core/auth/user-answers.ts";
import type { SessionUsers } from "../../../core/auth/session-user.ts";
import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";

/** Plugins add the fields their `sessionUsers.extend()` puts on the user, by declaration merging. */
export interface SessionUserExtensions {}

export interface SessionQueue {
  id: number;
  name: string;
  color?: string;
  [key: string]: unknown;
}

/** The company as the kernel builds it for login, refresh and `/auth/me` (its `build` is the one source of the shape). */
type CompanyAnswer = NonNullable<Awaited<ReturnType<SessionUsers["build"]>>["company"]>;

/**
 * The company as login, refresh and `/auth/me` answer it (`dueDate` YYYY-MM-DD: the company
 * may work while today is before it), the plan with one boolean per declared plan feature
 * (`useKanban`, ...), which the kernel's build types only as a record.
 */
export type SessionCompany = Omit<CompanyAnswer, "plan"> & { plan: (NonNullable<CompanyAnswer["plan"]> & Partial<Record<PlanFeatureKey, boolean>>) | null };

/**
 * The signed-in user exactly as the server answers it (user row without secrets, the fields
 * plugins store for the user such as the default connection, permissions, company).
 */
export interface SessionUser extends UserAnswer, SessionUserExtensions {
  queues: SessionQueue[];
  /** Named permission rules the user holds (`tickets-manager:showall`, ...). */
  permissions: string[];
  company: SessionCompany | null;
}

/** `booting` until the startup refresh answers; then signed in or anonymous. */
export type SessionStatus = "booting" | "signedIn" | "anonymous";
