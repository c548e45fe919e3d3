import { asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { PlanRow } from "../../../core/db/rows.ts";
import { companies, plans } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import type { PlanInputData, PlanPatchData } from "./plans.schemas.ts";

/** True when libSQL refused a write because of a UNIQUE constraint (a race the pre-check lost). */
export function isUniqueViolation(err: unknown): boolean {
  const text = `${(err as { code?: string })?.code ?? ""} ${(err as Error)?.message ?? ""} ${(err as { cause?: Error })?.cause?.message ?? ""}`;
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/i.test(text);
}

/** The rules about plans; handlers only translate HTTP to these calls. */
export class PlansService {
  constructor(private db: Db) {}

  /** Plans a visitor may choose on signup. */
  listPublic(): Promise<PlanRow[]> {
    return this.db.select().from(plans).where(eq(plans.isPublic, true)).orderBy(asc(plans.amount), asc(plans.id));
  }

  listAll(): Promise<PlanRow[]> {
    return this.db.select().from(plans).orderBy(asc(plans.id));
  }

  async get(id: number): Promise<PlanRow> {
    const [row] = await this.db.select().from(plans).where(eq(plans.id, id)).limit(1);
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND");
    return row;
  }

  async create(input: PlanInputData): Promise<PlanRow> {
    await this.ensureNameFree(input.name);
    try {
      const [row] = await this.db.insert(plans).values(input).returning();
      return row as PlanRow;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
      throw err;
    }
  }

  async update(id: number, patch: PlanPatchData): Promise<PlanRow> {
    await this.get(id);
    if (patch.name !== undefined) await this.ensureNameFree(patch.name, id);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) return this.get(id);
    try {
      const [row] = await this.db.update(plans).set(changes).where(eq(plans.id, id)).returning();
      return row as PlanRow;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
      throw err;
    }
  }

  /** A plan some company is on cannot go: the company would lose its limits and flags. */
  async remove(id: number): Promise<void> {
    await this.get(id);
    const [used] = await this.db.select({ n: count() }).from(companies).where(eq(companies.planId, id));
    if ((used?.n ?? 0) > 0) throw new AppError("ERR_PLAN_IN_USE", { companies: used?.n });
    await this.db.delete(plans).where(eq(plans.id, id));
  }

  /** Names are unique ignoring case, so "Básico" and "básico" cannot both exist. */
  private async ensureNameFree(name: string, exceptId?: number): Promise<void> {
    const rows = await this.db
      .select({ id: plans.id })
      .from(plans)
      .where(sql`lower(${plans.name}) = lower(${name})`)
      .limit(2);
    if (rows.some((r) => r.id !== exceptId)) throw new AppError("ERR_DUPLICATED_NAME", { fields: { name: "ERR_DUPLICATED_NAME" } });
  }
}
