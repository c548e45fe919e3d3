import { count, desc, eq, like, or } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import { helps } from "../schema/tables.ts";

export type HelpRow = typeof helps.$inferSelect;
export type HelpInput = { title: string; description: string; video: string };

const PAGE_SIZE = 20;

/** The rules about help entries; handlers only translate HTTP to these calls. */
export class HelpsService {
  constructor(private db: Db) {}

  async page(searchParam: string, pageNumber: number) {
    const term = `%${searchParam.trim()}%`;
    const where = searchParam.trim() ? or(like(helps.title, term), like(helps.description, term)) : undefined;
    const rows = await this.db
      .select()
      .from(helps)
      .where(where)
      .orderBy(desc(helps.id))
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(helps).where(where);
    const n = total?.n ?? 0;
    return { helps: rows, count: n, hasMore: pageNumber * PAGE_SIZE < n };
  }

  all() {
    return this.db.select().from(helps).orderBy(helps.title);
  }

  async get(id: number): Promise<HelpRow> {
    const [row] = await this.db.select().from(helps).where(eq(helps.id, id)).limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    return row;
  }

  async create(input: HelpInput): Promise<HelpRow> {
    const [row] = await this.db.insert(helps).values(input).returning();
    return row as HelpRow;
  }

  async update(id: number, patch: Partial<HelpInput>): Promise<HelpRow> {
    await this.get(id);
    const [row] = await this.db.update(helps).set(patch).where(eq(helps.id, id)).returning();
    return row as HelpRow;
  }

  async remove(id: number): Promise<void> {
    await this.get(id);
    await this.db.delete(helps).where(eq(helps.id, id));
  }
}
