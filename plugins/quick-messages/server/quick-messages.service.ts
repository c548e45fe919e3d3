import { uniqueViolation } from "../../../core/db/errors.ts";
import { and, asc, count, eq, like, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import { isEditableBy, isVisibleTo } from "../shared/quick-message-rules.ts";
import { quickMessages } from "../schema/tables.ts";
import type { QuickMessageFeed } from "./quick-messages.realtime.ts";
import { MEDIA_MAX_BYTES } from "./quick-messages.schemas.ts";

export type QuickMessageRow = typeof quickMessages.$inferSelect;
export type QuickMessageView = QuickMessageRow & { mediaUrl: string | null };
export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral: boolean;
  visao: boolean;
  status: boolean;
}
export type QuickMessagePatch = Partial<QuickMessageInput>;
type Caller = Pick<UserRow, "id" | "companyId">;

const PAGE_SIZE = 20;

export function view(row: QuickMessageRow): QuickMessageView {
  return { ...row, mediaUrl: row.mediaPath ? `/public/company${row.companyId}/${row.mediaPath}` : null };
}

/** The SQL form of isVisibleTo: own, general or shared-visible, inside the caller's company. */
const visibleTo = (user: Caller): SQL =>
  and(eq(quickMessages.companyId, user.companyId), or(eq(quickMessages.userId, user.id), eq(quickMessages.geral, true), eq(quickMessages.visao, true)))!;

/**
 * The rules about quick messages (spec 000 §4–§6): who sees them, who edits them, unique
 * shortcodes per company and the attachment. Handlers only translate HTTP to these calls.
 */
export class QuickMessagesService {
  constructor(
    private db: Db,
    private storage: Storage,
    private feed: QuickMessageFeed,
  ) {}

  async page(user: Caller, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const where = and(visibleTo(user), term ? or(like(sql`lower(${quickMessages.shortcode})`, `%${term}%`), like(sql`lower(${quickMessages.message})`, `%${term}%`)) : undefined);
    const rows = await this.db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(asc(sql`lower(${quickMessages.shortcode})`), asc(quickMessages.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(quickMessages).where(where);
    const n = total?.n ?? 0;
    return { records: rows.map(view), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  /** Everything the composer may offer: visible and active. */
  async usable(user: Caller): Promise<QuickMessageView[]> {
    const rows = await this.db
      .select()
      .from(quickMessages)
      .where(and(visibleTo(user), eq(quickMessages.status, true)))
      .orderBy(asc(sql`lower(${quickMessages.shortcode})`));
    return rows.map(view);
  }

  async show(user: Caller, id: number): Promise<QuickMessageView> {
    return view(await this.visible(user, id));
  }

  async create(user: Caller, input: QuickMessageInput): Promise<QuickMessageView> {
    await this.checkShortcode(user.companyId, input.shortcode);
    const [row] = await shortcodeRace(() =>
      this.db
        .insert(quickMessages)
        .values({ ...input, shortcode: input.shortcode.trim(), companyId: user.companyId, userId: user.id })
        .returning(),
    );
    const record = view(row!);
    this.feed.created(record);
    return record;
  }

  async update(user: Caller, id: number, patch: QuickMessagePatch): Promise<QuickMessageView> {
    const before = await this.editable(user, id);
    if (patch.shortcode !== undefined) await this.checkShortcode(user.companyId, patch.shortcode, id);
    const [row] = await shortcodeRace(() => this.db.update(quickMessages).set(patch).where(eq(quickMessages.id, id)).returning());
    const record = view(row!);
    this.feed.updated(before, record);
    return record;
  }

  async remove(user: Caller, id: number): Promise<void> {
    const row = await this.editable(user, id);
    await this.db.delete(quickMessages).where(eq(quickMessages.id, id));
    if (row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    this.feed.deleted(row);
  }

  /** Stores the attachment under the company (any type, up to 20 MB) and replaces a previous one. */
  async attach(user: Caller, id: number, file: File): Promise<QuickMessageView> {
    const row = await this.editable(user, id);
    const stored = await this.storage.save(row.companyId, file, { maxBytes: MEDIA_MAX_BYTES });
    const [updated] = await this.db
      .update(quickMessages)
      // Spec 000 §5: spaces in attachment names become underscores.
      .set({ mediaPath: stored.fileName, mediaName: stored.originalName.replace(/\s/g, "_") })
      .where(eq(quickMessages.id, id))
      .returning();
    if (row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    const record = view(updated!);
    this.feed.updated(row, record);
    return record;
  }

  async detach(user: Caller, id: number): Promise<QuickMessageView> {
    const row = await this.editable(user, id);
    const [updated] = await this.db.update(quickMessages).set({ mediaPath: null, mediaName: null }).where(eq(quickMessages.id, id)).returning();
    if (row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    const record = view(updated!);
    this.feed.updated(row, record);
    return record;
  }

  /** A message of the caller's company they may see; anything else is 404 (never reveals it exists). */
  private async visible(user: Caller, id: number): Promise<QuickMessageRow> {
    const [row] = await this.db
      .select()
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, user.companyId), eq(quickMessages.id, id)))
      .limit(1);
    if (!row || !isVisibleTo(row, user.id)) throw new AppError("ERR_NOT_FOUND");
    return row;
  }

  /** Visible and editable: the owner's or a general one; a locked one is ERR_NO_PERMISSION. */
  private async editable(user: Caller, id: number): Promise<QuickMessageRow> {
    const row = await this.visible(user, id);
    if (!isEditableBy(row, user.id)) throw new AppError("ERR_NO_PERMISSION");
    return row;
  }

  /** Shortcodes are unique per company, ignoring case: "/Oi" and "/oi" would be one flash entry. */
  private async checkShortcode(companyId: number, shortcode: string, exceptId?: number): Promise<void> {
    const [taken] = await this.db
      .select({ id: quickMessages.id })
      .from(quickMessages)
      .where(and(eq(quickMessages.companyId, companyId), sql`lower(${quickMessages.shortcode}) = lower(${shortcode.trim()})`))
      .limit(1);
    if (taken && taken.id !== exceptId) throw shortcodeTaken();
  }
}

const shortcodeTaken = () => new AppError("ERR_DUPLICATED_NAME", { fields: { shortcode: "Shortcode already exists" } });

/** Two saves of one shortcode at once both pass checkShortcode; the unique index decides, with the same answer. */
async function shortcodeRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === "quick_messages_company_shortcode_unique") throw shortcodeTaken();
    throw err;
  }
}
