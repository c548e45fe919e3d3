import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { preparedPer } from "../../../core/db/prepared.ts";
import { companies, plans } from "../../../core/db/tables.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import { planFeatures } from "../schema/tables.ts";

/** Each declared feature's value on a plan: its stored row, else the declared default. */
export type FeatureValues = Record<string, boolean>;

/** The database, or a transaction on it (a plan and its features are written together). */
export type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

const statements = preparedPer((db: Db) => ({
  // One indexed read: the company's plan id, and that plan's stored rows (none when it has no plan).
  byCompany: db
    .select({ planId: companies.planId, key: planFeatures.key, enabled: planFeatures.enabled })
    .from(companies)
    .leftJoin(planFeatures, eq(planFeatures.planId, companies.planId))
    .where(eq(companies.id, sql.placeholder("id")))
    .prepare(),
}));

/**
 * Reads and writes the `plan_features` rows of plans, answering only declared features
 * (a row of an uninstalled plugin stays, unanswered).
 * @example
 *   const store = new PlanFeatureStore(db, ctx.planFeatures);
 *   await store.write(planId, { useKanban: false });
 *   (await store.forPlans([planId])).get(planId); // { useKanban: false, useCampaigns: true, ... }
 */
export class PlanFeatureStore {
  constructor(
    private db: Db,
    private registry: PlanFeatureRegistry,
  ) {}

  /** The declared keys, in the order the API answers them. */
  keys(): string[] {
    return this.registry.keys();
  }

  /** Each declared feature's default. */
  defaults(): FeatureValues {
    return this.registry.defaults();
  }

  private withDefaults(rows: readonly { key: string; enabled: boolean }[]): FeatureValues {
    const values = this.registry.defaults();
    for (const r of rows) if (this.registry.isDeclared(r.key)) values[r.key] = r.enabled;
    return values;
  }

  /** Each plan's values, by plan id (plans without rows get the defaults). */
  async forPlans(planIds: readonly number[]): Promise<Map<number, FeatureValues>> {
    const rows = planIds.length
      ? await this.db
          .select()
          .from(planFeatures)
          .where(inArray(planFeatures.planId, [...planIds]))
      : [];
    return new Map(planIds.map((id) => [id, this.withDefaults(rows.filter((r) => r.planId === id))]));
  }

  /** The values of one plan, or null when it does not exist. */
  async forPlan(planId: number): Promise<FeatureValues | null> {
    const [exists] = await this.db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).limit(1);
    return exists ? ((await this.forPlans([planId])).get(planId) ?? null) : null;
  }

  /** The values of the company's plan, or null when the company has no plan (or does not exist). */
  async forCompany(companyId: number): Promise<FeatureValues | null> {
    const rows = await statements(this.db).byCompany.execute({ id: companyId });
    if (!rows[0]?.planId) return null;
    return this.withDefaults(rows.flatMap((r) => (r.key === null || r.enabled === null ? [] : [{ key: r.key, enabled: r.enabled }])));
  }

  /** Stores the given declared features of a plan (others keep their rows or defaults). */
  async write(planId: number, values: Readonly<Record<string, boolean | undefined>>, db: Writer = this.db): Promise<void> {
    const rows = this.keys().flatMap((key) => (values[key] === undefined ? [] : [{ planId, key, enabled: values[key] }]));
    if (!rows.length) return;
    await db
      .insert(planFeatures)
      .values(rows)
      .onConflictDoUpdate({ target: [planFeatures.planId, planFeatures.key], set: { enabled: sql`excluded.enabled` } });
  }
}
