import { and, asc, count, eq, inArray, like, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import type { Storage } from "../../../core/storage/storage.ts";
import { fileListOptions, fileLists } from "../schema/tables.ts";
import { FILE_MAX_BYTES } from "./file-lists.schemas.ts";

type ListRow = typeof fileLists.$inferSelect;
type OptionRow = typeof fileListOptions.$inferSelect;
export type FileListView = ListRow & { options: (Omit<OptionRow, "companyId" | "position" | "createdAt" | "updatedAt"> & { url: string | null })[] };

interface OptionInput {
  id?: number;
  name: string;
}
export interface FileListInput {
  name: string;
  message: string;
  options: OptionInput[];
}
export type FileListPatch = Partial<FileListInput>;
export interface UploadForm {
  files: File[];
  fileId?: number[];
  id?: number[];
  mediaType?: string[];
}

const PAGE_SIZE = 20;
const publicPath = (companyId: number, path: string) => `/public/company${companyId}/${path}`;
const notFound = () => new AppError("ERR_NO_FILE_LIST_FOUND");

/**
 * The rules about file lists (spec 002 §2.11, §3, §5, §7): company-scoped lists with ordered
 * options, each option's file kept by the kernel storage (unguessable names, never served as
 * active content), live on `company-{id}-file`.
 */
export class FileListsService {
  constructor(
    private db: Db,
    private storage: Storage,
    private realtime: Realtime,
  ) {}

  async page(companyId: number, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const where = and(eq(fileLists.companyId, companyId), term ? like(sql`lower(${fileLists.name})`, `%${term}%`) : undefined);
    const rows = await this.db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(sql`lower(${fileLists.name})`), asc(fileLists.id))
      .limit(PAGE_SIZE)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(fileLists).where(where);
    const n = total?.n ?? 0;
    return { files: await this.withOptions(rows), count: n, hasMore: q.pageNumber * PAGE_SIZE < n };
  }

  async show(companyId: number, id: number): Promise<FileListView> {
    return (await this.find(companyId, id)) ?? Promise.reject(notFound());
  }

  /** The list as the sender reads it; null when it is not the company's. */
  async find(companyId: number, id: number): Promise<FileListView | null> {
    const [row] = await this.db
      .select()
      .from(fileLists)
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)))
      .limit(1);
    return row ? ((await this.withOptions([row]))[0] ?? null) : null;
  }

  async exists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: fileLists.id })
      .from(fileLists)
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)))
      .limit(1);
    return Boolean(row);
  }

  async create(user: Pick<UserRow, "id" | "companyId">, input: FileListInput): Promise<FileListView> {
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(fileLists).values({ companyId: user.companyId, userId: user.id, name: input.name, message: input.message }).returning({ id: fileLists.id });
      if (input.options.length)
        await tx.insert(fileListOptions).values(input.options.map((o, position) => ({ companyId: user.companyId, fileListId: row!.id, name: o.name, position })));
      return row!.id;
    });
    return this.announce("create", await this.show(user.companyId, id));
  }

  async update(companyId: number, id: number, patch: FileListPatch): Promise<FileListView> {
    const before = await this.show(companyId, id);
    const dropped: OptionRow["path"][] = [];
    await this.db.transaction(async (tx) => {
      if (patch.name !== undefined || patch.message !== undefined)
        await tx
          .update(fileLists)
          .set({ ...(patch.name !== undefined ? { name: patch.name } : {}), ...(patch.message !== undefined ? { message: patch.message } : {}) })
          .where(eq(fileLists.id, id));
      if (!patch.options) return;
      const stored = new Map(before.options.map((o) => [o.id, o]));
      const kept = new Set<number>();
      for (const [position, o] of patch.options.entries()) {
        // An id that is not one of this list's options is a new option (never another list's row).
        if (o.id !== undefined && stored.has(o.id)) {
          kept.add(o.id);
          await tx.update(fileListOptions).set({ name: o.name, position }).where(eq(fileListOptions.id, o.id));
        } else await tx.insert(fileListOptions).values({ companyId, fileListId: id, name: o.name, position });
      }
      const gone = before.options.filter((o) => !kept.has(o.id));
      if (gone.length)
        await tx.delete(fileListOptions).where(
          inArray(
            fileListOptions.id,
            gone.map((o) => o.id),
          ),
        );
      dropped.push(...gone.map((o) => o.path));
    });
    await this.removeFiles(companyId, dropped);
    return this.announce("update", await this.show(companyId, id));
  }

  async remove(companyId: number, id: number): Promise<void> {
    const list = await this.show(companyId, id);
    await this.db.delete(fileLists).where(eq(fileLists.id, id));
    await this.removeFiles(
      companyId,
      list.options.map((o) => o.path),
    );
    this.realtime.emit(companyId, this.topic(companyId), { action: "delete", fileListId: id });
  }

  /**
   * Stores each file on its option (`fileId`, else `id`, in the files' order; a single option
   * list takes a file without one). A file of an option that is not this list's is refused
   * before anything is stored.
   */
  async upload(companyId: number, id: number, form: UploadForm): Promise<FileListView> {
    const list = await this.show(companyId, id);
    const targets = form.fileId ?? form.id ?? [];
    const optionIds = form.files.map((_, i) => targets[i] ?? (list.options.length === 1 ? list.options[0]!.id : undefined));
    const byId = new Map(list.options.map((o) => [o.id, o]));
    if (optionIds.some((o) => o === undefined || !byId.has(o))) throw new AppError("ERR_VALIDATION", { fields: { fileId: "Invalid option" } });
    for (const [i, file] of form.files.entries()) {
      const option = byId.get(optionIds[i]!)!;
      const saved = await this.storage.save(companyId, file, { maxBytes: FILE_MAX_BYTES });
      const mediaType = file.type || form.mediaType?.[i] || "application/octet-stream";
      await this.db.update(fileListOptions).set({ path: saved.fileName, mediaType, originalName: saved.originalName }).where(eq(fileListOptions.id, option.id));
      await this.removeFiles(companyId, [option.path]);
      option.path = saved.fileName;
    }
    return this.announce("update", await this.show(companyId, id));
  }

  private async withOptions(rows: ListRow[]): Promise<FileListView[]> {
    if (!rows.length) return [];
    const options = await this.db
      .select()
      .from(fileListOptions)
      .where(
        inArray(
          fileListOptions.fileListId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(fileListOptions.position), asc(fileListOptions.id));
    return rows.map((row) => ({
      ...row,
      options: options
        .filter((o) => o.fileListId === row.id)
        .map((o) => ({
          id: o.id,
          fileListId: o.fileListId,
          name: o.name,
          path: o.path,
          mediaType: o.mediaType,
          originalName: o.originalName,
          url: o.path ? publicPath(row.companyId, o.path) : null,
        })),
    }));
  }

  private async removeFiles(companyId: number, paths: (string | null)[]): Promise<void> {
    for (const path of paths) if (path) await this.storage.remove(`company${companyId}/${path}`);
  }

  private announce(action: "create" | "update", fileList: FileListView): FileListView {
    this.realtime.emit(fileList.companyId, this.topic(fileList.companyId), { action, fileList });
    return fileList;
  }

  private topic(companyId: number): string {
    return `company-${companyId}-file`;
  }
}
