import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import { announcements, type AnnouncementStatus } from "../schema/tables.ts";
import type { AnnouncementFeed } from "./announcements.realtime.ts";
import { MEDIA_EXTENSIONS, MEDIA_MAX_BYTES } from "./announcements.schemas.ts";

export type AnnouncementRow = typeof announcements.$inferSelect;
/** A row as answered: `status` is the boolean the clients read (true: active), `mediaUrl` added. */
export type AnnouncementView = Omit<AnnouncementRow, "status"> & { status: boolean; mediaUrl: string | null };
export type AnnouncementInput = { title: string; text: string; priority: number; status: AnnouncementStatus };

const PAGE_SIZE = 20;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * A row as answered: the stored "active"/"inactive" (spec 002's words) becomes the boolean the
 * original clients read (issue 32); the image's public URL (files live under the author company's folder).
 */
export function view(row: AnnouncementRow): AnnouncementView {
  return { ...row, status: row.status === "active", mediaUrl: row.mediaPath ? `/public/company${row.companyId}/${row.mediaPath}` : null };
}

/**
 * The rules about announcements: the super user sees and writes every row; everybody
 * else reads active rows only (an inactive one answers 404 as if it did not exist).
 */
export class AnnouncementsService {
  constructor(
    private db: Db,
    private storage: Storage,
    private feed: AnnouncementFeed,
  ) {}

  private visibleTo(user: UserRow): SQL | undefined {
    return user.super ? undefined : eq(announcements.status, "active");
  }

  async page(user: UserRow, searchParam: string, pageNumber: number) {
    // The spec lowercases the search text; comparing lower() on both sides makes it case-blind.
    const term = searchParam.trim().toLowerCase();
    const search = term
      ? or(sql`lower(${announcements.title}) like ${likeTerm(term)} escape '\\'`, sql`lower(${announcements.text}) like ${likeTerm(term)} escape '\\'`)
      : undefined;
    const where = and(this.visibleTo(user), search);
    const rows = await this.db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(PAGE_SIZE)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(announcements).where(where);
    const n = total?.n ?? 0;
    return { records: rows.map(view), count: n, hasMore: pageNumber * PAGE_SIZE < n };
  }

  async get(user: UserRow, id: number): Promise<AnnouncementRow> {
    const [row] = await this.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), this.visibleTo(user)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    return row;
  }

  async create(user: UserRow, input: AnnouncementInput): Promise<AnnouncementView> {
    const [row] = await this.db
      .insert(announcements)
      .values({ ...input, companyId: user.companyId })
      .returning();
    return this.feed.changed("create", view(row as AnnouncementRow));
  }

  async update(user: UserRow, id: number, patch: Partial<AnnouncementInput>): Promise<AnnouncementView> {
    await this.get(user, id);
    const [row] = await this.db.update(announcements).set(patch).where(eq(announcements.id, id)).returning();
    return this.feed.changed("update", view(row as AnnouncementRow));
  }

  async remove(user: UserRow, id: number): Promise<void> {
    const row = await this.get(user, id);
    await this.db.delete(announcements).where(eq(announcements.id, id));
    if (row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    this.feed.deleted(id);
  }

  /** Stores the image (png, jpg, jpeg; up to 5 MB) and replaces any previous one. */
  async attach(user: UserRow, id: number, file: File): Promise<AnnouncementView> {
    const row = await this.get(user, id);
    const stored = await this.storage.save(row.companyId, file, {
      maxBytes: MEDIA_MAX_BYTES,
      extensions: MEDIA_EXTENSIONS,
      mimePrefixes: ["image/"],
    });
    const [updated] = await this.db.update(announcements).set({ mediaPath: stored.fileName, mediaName: stored.originalName }).where(eq(announcements.id, id)).returning();
    if (row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    return this.feed.changed("update", view(updated as AnnouncementRow));
  }

  async detach(user: UserRow, id: number): Promise<AnnouncementView> {
    const row = await this.get(user, id);
    const [updated] = await this.db.update(announcements).set({ mediaPath: null, mediaName: null }).where(eq(announcements.id, id)).returning();
    if (row.mediaPath) await this.storage.remove(`company${row.companyId}/${row.mediaPath}`);
    return this.feed.changed("update", view(updated as AnnouncementRow));
  }
}
