import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/database.ts";
import { companies, plans } from "../db/tables.ts";

/** How many of each a company may have; 0 means no limit (spec 001 §3 Plan). */
export interface PlanLimitValues {
  users: number;
  connections: number;
  queues: number;
}

/**
 * Something that may replace some of a company's plan limits for a while (a custom plan paid
 * at checkout). It answers the limits it sets, or null when it sets none for this company now.
 * It reads with `db`, the caller's transaction when there is one, so a limit check and the
 * insert it guards see the same data.
 */
export type PlanLimitOverride = (companyId: number, db: DbOrTx) => Promise<Partial<PlanLimitValues> | null>;

const NO_LIMITS: PlanLimitValues = { users: 0, connections: 0, queues: 0 };

/**
 * The kernel port for plan limits: what the plugins that enforce a limit (users, connections,
 * queues) ask, instead of reading the `plans` table themselves, so a plugin that sells
 * something else than the plan (billing's custom plan) changes every check in one place. The
 * kernel reads the company's plan (a kernel table); overrides registered by plugins replace the
 * fields they answer, in registration order. It names no plugin.
 * @example
 *   const { users } = await ctx.planLimits.forCompany(companyId, tx);
 *   if (users > 0 && existing >= users) throw new AppError("ERR_PLAN_LIMIT_USERS", { limit: users });
 *   ctx.planLimits.override((companyId, db) => grants.current(companyId, db)); // the billing plugin
 */
export class PlanLimits {
  private readonly overrides: PlanLimitOverride[] = [];

  constructor(private readonly db: Db) {}

  /** Adds a source of overrides (at setup). */
  override(source: PlanLimitOverride): void {
    this.overrides.push(source);
  }

  /** The company's limits now: its plan's (none without a plan), with the overrides applied. */
  async forCompany(companyId: number, db: DbOrTx = this.db): Promise<PlanLimitValues> {
    const [row] = await db
      .select({ users: plans.users, connections: plans.connections, queues: plans.queues })
      .from(companies)
      .innerJoin(plans, eq(companies.planId, plans.id))
      .where(eq(companies.id, companyId))
      .limit(1);
    let limits: PlanLimitValues = row ?? NO_LIMITS;
    for (const source of this.overrides) {
      const changed = await source(companyId, db);
      if (changed) limits = { ...limits, ...definedOnly(changed) };
    }
    return limits;
  }
}

/** Leaves out the keys an override answered as undefined (they keep the plan's value). */
function definedOnly(values: Partial<PlanLimitValues>): Partial<PlanLimitValues> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === "number")) as Partial<PlanLimitValues>;
}
