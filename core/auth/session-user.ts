import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import type { UserRow } from "../db/rows.ts";
import { companies, plans } from "../db/tables.ts";
import type { SettingsService } from "../settings/settings.ts";
import type { Permissions } from "./permissions.ts";
import type { PlanFeatureRegistry } from "../plugin/plan-features.ts";
import type { UserAnswers } from "./user-answers.ts";

type Extension = (user: UserRow) => Promise<Record<string, unknown>> | Record<string, unknown>;

/** The public fields of a user row (never the hash, reset code, token version or refresh rotation). */
export function publicUser(u: UserRow) {
  const { passwordHash: _p, resetCodeHash: _r, resetCodeExpiresAt: _e, tokenVersion: _t, refreshRotatedTo: _rt, refreshRotatedAt: _ra, ...rest } = u;
  return rest;
}
export type PublicUser = ReturnType<typeof publicUser>;

/**
 * Builds the user object that login, refresh and `/auth/me` answer with: the user as every
 * user answer is (`UserAnswers`: the public row plus the fields plugins store, like the default
 * connection), the company with its plan, settings and due date, and the named permissions held.
 * Plugins add fields only the session carries (the queues with their link rows) through `extend`.
 */
export class SessionUsers {
  private extensions: Extension[] = [];

  constructor(
    private db: Db,
    private settings: SettingsService,
    private permissions: Permissions,
    private planFeatures: PlanFeatureRegistry,
    private answers: UserAnswers,
  ) {}

  extend(fn: Extension): void {
    this.extensions.push(fn);
  }

  async build(user: UserRow) {
    const [row] = await this.db
      .select({ company: companies, plan: plans })
      .from(companies)
      .leftJoin(plans, eq(companies.planId, plans.id))
      .where(eq(companies.id, user.companyId))
      .limit(1);
    const settings = await this.settings.companyAll(user.companyId);
    // The plan's feature booleans are declared by plugins and stored by the plans plugin, not in the kernel's row.
    const features = row?.plan ? await this.planFeatures.forCompany(user.companyId) : null;
    const extra: Record<string, unknown> = {};
    for (const ext of this.extensions) Object.assign(extra, await ext(user));
    return {
      ...(await this.answers.one(user)),
      queues: [] as unknown[],
      ...extra,
      permissions: this.permissions.granted(user),
      company: row
        ? {
            id: row.company.id,
            name: row.company.name,
            status: row.company.status,
            dueDate: row.company.dueDate,
            recurrence: row.company.recurrence,
            planId: row.company.planId,
            plan: row.plan ? { ...row.plan, ...features } : null,
            settings: Object.entries(settings).map(([key, value]) => ({ key, value })),
          }
        : null,
    };
  }
}
