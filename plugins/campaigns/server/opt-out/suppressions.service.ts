import { and, count, desc, eq, like } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import { campaignSuppressions } from "../../schema/tables.ts";

const PAGE_SIZE = 20;
export type SuppressionRow = typeof campaignSuppressions.$inferSelect;

/** The opt-out list's screen (README "Opt-out"): always the caller's company's rows. */
export class SuppressionsService {
  constructor(private db: Db) {}

  async page(companyId: number, q: { searchParam: string; pageNumber: number }) {
    const digits = q.searchParam.replace(/\D/g, "");
    const where = and(eq(campaignSuppressions.companyId, companyId), digits ? like(campaignSuppressions.number, `%${digits}%`) : undefined);
    const records = await this.db
      .select()
      .from(campaignSuppressions)
      .where(where)
      .orderBy(desc(campaignSuppressions.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(campaignSuppressions).where(where);
    const n = total?.n ?? 0;
    return { records, count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  /** Adds a number by hand; one row per number, so adding it again answers the row there. */
  async add(companyId: number, number: string): Promise<SuppressionRow> {
    await this.db.insert(campaignSuppressions).values({ companyId, number, source: "manual" }).onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(campaignSuppressions)
      .where(and(eq(campaignSuppressions.companyId, companyId), eq(campaignSuppressions.number, number)))
      .limit(1);
    if (!row) throw new AppError("ERR_INTERNAL");
    return row;
  }

  async remove(companyId: number, id: number): Promise<void> {
    const gone = await this.db
      .delete(campaignSuppressions)
      .where(and(eq(campaignSuppressions.companyId, companyId), eq(campaignSuppressions.id, id)))
      .returning({ id: campaignSuppressions.id });
    if (!gone.length) throw new AppError("ERR_NO_SUPPRESSION_FOUND");
  }
}
