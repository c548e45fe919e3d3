import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { PlanRow } from "../../../core/db/rows.ts";
import { companies, plans } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import type { PlanFeatureStore } from "./plan-features.store.ts";
import type { PlanInputData, PlanPatchData } from "./plans.schemas.ts";

/** True when libSQL refused a write because of a UNIQUE constraint (a race the pre-check lost). */
export function isUniqueViolation(err: unknown): boolean {
  const text = `${(err as { code?: string })?.code ?? ""} ${(err as Error)?.message ?? ""} ${(err as { cause?: Error })?.cause?.message ?? ""}`;
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/i.test(text);
}

/** A plan row with one boolean per declared feature, as the API answers it (typed with every merged key; at run time, the installed ones). */
export type PlanWithFeatures = PlanRow & Record<PlanFeatureKey, boolean>;

/** The fields of a body that are plan features (the rest are the plan row's). */
function split(store: PlanFeatureStore, body: object) {
  const keys = new Set(store.keys());
  const row: Record<string, unknown> = {};
  const features: Record<string, boolean | undefined> = {};
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (keys.has(k)) features[k] = v === true;
    else row[k] = v;
  }
  return { row, features };
}

/** The rules about plans; handlers only translate HTTP to these calls. */
export class PlansService {
  constructor(
    private db: Db,
    private features: PlanFeatureStore,
    /** Told after a plan's features change, so cached gating forgets them. */
    private onFeaturesChanged: () => void = () => {},
  ) {}

  /** Plans a visitor may choose on signup. */
  async listPublic(): Promise<PlanWithFeatures[]> {
    return this.withFeatures(await this.db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.amount), asc(plans.id)));
  }

  async listAll(): Promise<PlanWithFeatures[]> {
    return this.withFeatures(await this.db.select().from(plans).orderBy(asc(plans.id)));
  }

  async get(id: number): Promise<PlanWithFeatures> {
    const [found] = await this.withFeatures([await this.row(id)]);
    return found as PlanWithFeatures;
  }

  /** A new plan stores every declared feature: the ones sent, the declared default for the others. */
  async create(input: PlanInputData): Promise<PlanWithFeatures> {
    await this.ensureNameFree(input.name);
    const { row, features } = split(this.features, input);
    try {
      const id = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(plans)
          .values(row as typeof plans.$inferInsert)
          .returning({ id: plans.id });
        await this.features.write(created!.id, { ...this.features.defaults(), ...features }, tx);
        return created!.id;
      });
      return this.get(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
      throw err;
    }
  }

  async update(id: number, patch: PlanPatchData): Promise<PlanWithFeatures> {
    await this.row(id);
    if (patch.name !== undefined) await this.ensureNameFree(patch.name, id);
    const { row, features } = split(this.features, patch);
    try {
      await this.db.transaction(async (tx) => {
        if (Object.keys(row).length) await tx.update(plans).set(row).where(eq(plans.id, id));
        await this.features.write(id, features, tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
      throw err;
    }
    if (Object.keys(features).length) this.onFeaturesChanged();
    return this.get(id);
  }

  /** A plan some company is on cannot go: the company would lose its limits and flags. */
  async remove(id: number): Promise<void> {
    await this.row(id);
    const [used] = await this.db.select({ n: count() }).from(companies).where(eq(companies.planId, id));
    if ((used?.n ?? 0) > 0) throw new AppError("ERR_PLAN_IN_USE", { companies: used?.n });
    // Its plan_features rows go with it (ON DELETE CASCADE).
    await this.db.delete(plans).where(eq(plans.id, id));
  }

  private async row(id: number): Promise<PlanRow> {
    const [row] = await this.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND");
    return row;
  }

  private async withFeatures(rows: PlanRow[]): Promise<PlanWithFeatures[]> {
    const values = await this.features.forPlans(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, ...values.get(r.id) }) as PlanWithFeatures);
  }

  /** Names are unique ignoring case, so "Básico" and "básico" cannot both exist. */
  private async ensureNameFree(name: string, exceptId?: number): Promise<void> {
    const rows = await this.db.select({ id: plans.id }).from(plans).where(sql`lower(${plans.name}) = lower(${name})`).limit(2);
    if (rows.some((r) => r.id !== exceptId)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
  }
}
