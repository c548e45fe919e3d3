import { and, asc, count, eq, like, or, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import { AppError } from "../../../../core/errors.ts";
import { contactListItems, contactLists } from "../../schema/tables.ts";
import type { CampaignFeeds } from "../campaigns.realtime.ts";
import { readListFile } from "./list-import.ts";
import type { NumberChecks } from "./number-check.ts";

const PAGE_SIZE = 20;
/** Rows per INSERT of an import (SQLite's bound-parameter limit stays far away). */
const CHUNK = 500;

export type ContactListRow = typeof contactLists.$inferSelect;
export type ContactListItemRow = typeof contactListItems.$inferSelect;
export type ContactListView = ContactListRow & { contactsCount: number };
type ItemFields = { name: string; number: string; email: string };

/** Contact lists and their items (spec 002 §2.5, §3, §5, §7), always the caller's company's. */
export class ContactListsService {
  constructor(
    private db: Db,
    private feeds: CampaignFeeds,
    private checks: NumberChecks,
    private services: Services,
  ) {}

  // Qualified by hand: inside a subquery drizzle names a column without its table, and `id` would be the item's.
  private countOf = sql<number>`(SELECT count(*) FROM "contact_list_items" AS "cli" WHERE "cli"."contact_list_id" = "contact_lists"."id")`;

  async page(companyId: number, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const where = and(eq(contactLists.companyId, companyId), term ? like(sql`lower(${contactLists.name})`, `%${term}%`) : undefined);
    const records = await this.db
      .select({ row: contactLists, contactsCount: this.countOf })
      .from(contactLists)
      .where(where)
      .orderBy(asc(contactLists.name), asc(contactLists.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(contactLists).where(where);
    const n = total?.n ?? 0;
    return { records: records.map((r) => ({ ...r.row, contactsCount: Number(r.contactsCount) })), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  /** GET /contact-lists/list: every list of the company (the campaign dialog's select). */
  async all(companyId: number): Promise<ContactListView[]> {
    const rows = await this.db
      .select({ row: contactLists, contactsCount: this.countOf })
      .from(contactLists)
      .where(eq(contactLists.companyId, companyId))
      .orderBy(asc(contactLists.name));
    return rows.map((r) => ({ ...r.row, contactsCount: Number(r.contactsCount) }));
  }

  async get(companyId: number, id: number): Promise<ContactListView> {
    const [row] = await this.db
      .select({ row: contactLists, contactsCount: this.countOf })
      .from(contactLists)
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
    return { ...row.row, contactsCount: Number(row.contactsCount) };
  }

  async create(companyId: number, input: { name: string }): Promise<ContactListView> {
    const [row] = await this.db.insert(contactLists).values({ companyId, name: input.name }).returning();
    const view = { ...row!, contactsCount: 0 };
    this.feeds.list(companyId, "create", view);
    return view;
  }

  async update(companyId: number, id: number, input: { name: string }): Promise<ContactListView> {
    const [row] = await this.db
      .update(contactLists)
      .set({ name: input.name })
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
    const view = await this.get(companyId, id);
    this.feeds.list(companyId, "update", view);
    return view;
  }

  async remove(companyId: number, id: number): Promise<void> {
    const [row] = await this.db
      .delete(contactLists)
      .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
    this.feeds.listDeleted(companyId, id);
  }

  /**
   * POST /contact-lists/{id}/upload: the checked rows go in all together (one transaction)
   * or not at all; each refused row is reported with its line, field and the form's message.
   * Progress is announced on `company-{id}-ContactListItem` as rows are read. The rows wait on
   * disk between the read and the transaction (list-import.ts), a chunk at a time in memory.
   * `whatsappId`: the connection whose WhatsApp session checks the numbers (number-check.ts).
   */
  async upload(companyId: number, id: number, file: File, whatsappId?: number) {
    await this.get(companyId, id);
    // The connection whose session checks the numbers (optional): the company's, else 404.
    if (whatsappId != null && !(await this.services.require("connections.get")(companyId, whatsappId))) throw new AppError("ERR_NO_WAPP_FOUND");
    const staged = await readListFile(file, (read) => this.feeds.itemProgress(companyId, id, read));
    try {
      await this.db.transaction(async (tx) => {
        for await (const rows of staged.chunks(CHUNK)) await tx.insert(contactListItems).values(rows.map((r) => ({ ...r, companyId, contactListId: id })));
        await this.checks.request(companyId, id, { whatsappId, tx });
      });
    } finally {
      await staged.dispose();
    }
    this.feeds.itemsReloaded(companyId, id);
    this.feeds.list(companyId, "update", await this.get(companyId, id));
    return { imported: staged.count, refused: staged.refused, refusedCount: staged.refusedCount };
  }

  async items(companyId: number, q: { searchParam: string; pageNumber: number; contactListId: number }) {
    await this.get(companyId, q.contactListId);
    const term = q.searchParam.trim().toLowerCase();
    const where = and(
      eq(contactListItems.companyId, companyId),
      eq(contactListItems.contactListId, q.contactListId),
      term
        ? or(like(sql`lower(${contactListItems.name})`, `%${term}%`), like(contactListItems.number, `%${term}%`), like(sql`lower(${contactListItems.email})`, `%${term}%`))
        : undefined,
    );
    const contacts = await this.db
      .select()
      .from(contactListItems)
      .where(where)
      .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(contactListItems).where(where);
    const n = total?.n ?? 0;
    return { contacts, count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  async item(companyId: number, id: number): Promise<ContactListItemRow> {
    const [row] = await this.db
      .select()
      .from(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND");
    return row;
  }

  async createItem(companyId: number, input: ItemFields & { contactListId: number }): Promise<ContactListItemRow> {
    await this.get(companyId, input.contactListId);
    const [row] = await this.db
      .insert(contactListItems)
      .values({ ...input, companyId })
      .returning();
    this.feeds.item(companyId, "create", row!);
    await this.checks.request(companyId, row!.contactListId, { itemId: row!.id });
    return row!;
  }

  async updateItem(companyId: number, id: number, changes: Partial<ItemFields>): Promise<ContactListItemRow> {
    const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const [row] = await this.db
      .update(contactListItems)
      .set(set)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND");
    this.feeds.item(companyId, "update", row);
    if (changes.number !== undefined) await this.checks.request(companyId, row.contactListId, { itemId: row.id });
    return row;
  }

  async removeItem(companyId: number, id: number): Promise<void> {
    const [row] = await this.db
      .delete(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND");
    this.feeds.itemDeleted(companyId, id);
  }
}
