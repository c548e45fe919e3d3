import { and, count, desc, eq, like, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../core/db/database.ts";
import { campaigns, contactLists } from "../../schema/tables.ts";
import { whatsappsView } from "../../schema/views.ts";

const PAGE_SIZE = 20;
export type CampaignRow = typeof campaigns.$inferSelect;

const columns = { row: campaigns, listName: contactLists.name, whatsappName: whatsappsView.name };

function toView(j: { row: CampaignRow; listName: string | null; whatsappName: string | null }) {
  const { run: _run, mediaType: _type, ...row } = j.row;
  return {
    ...row,
    mediaUrl: row.mediaPath ? `/public/company${row.companyId}/${row.mediaPath}` : null,
    contactList: row.contactListId != null && j.listName != null ? { id: row.contactListId, name: j.listName } : null,
    whatsapp: row.whatsappId != null && j.whatsappName != null ? { id: row.whatsappId, name: j.whatsappName } : null,
  };
}
export type CampaignView = ReturnType<typeof toView>;

/** Campaigns as the API answers them, with the names of their list and connection. */
export class CampaignViews {
  constructor(private db: DbOrTx) {}

  private select() {
    return this.db
      .select(columns)
      .from(campaigns)
      .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId))
      .leftJoin(whatsappsView, eq(whatsappsView.id, campaigns.whatsappId));
  }

  async one(companyId: number, id: number): Promise<CampaignView | null> {
    const [row] = await this.select()
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)))
      .limit(1);
    return row ? toView(row) : null;
  }

  /** GET /campaigns: 20 a page, newest first; the search matches the name. */
  async page(companyId: number, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const where = and(eq(campaigns.companyId, companyId), term ? like(sql`lower(${campaigns.name})`, `%${term}%`) : undefined);
    const rows = await this.select()
      .where(where)
      .orderBy(desc(campaigns.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(campaigns).where(where);
    const n = total?.n ?? 0;
    return { records: rows.map(toView), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }
}
