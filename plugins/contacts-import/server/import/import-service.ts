import { and, asc, count, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { afterCommitQueue, type Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginJobs } from "../../../../core/jobs/jobs.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import { contactImportErrors, contactImports } from "../../schema/tables.ts";
import { type ColumnTarget, SINGLE_TARGETS } from "../../shared/columns.ts";
import { MAX_STORED_ERRORS } from "./import-chunk.ts";
import { IMPORT_LIMITS } from "./import-limits.ts";
import { MAX_ATTEMPTS, RUN_JOB } from "./import-runner.ts";
import { type ImportFeed, type ImportRow, type ImportView, importView } from "./import-view.ts";
import { suggestColumns } from "./column-guess.ts";
import { type SheetFormat, sniffFormat } from "../../../../core/spreadsheet/index.ts";
import { importRecords, xlsUploadToRows } from "./sheet-source.ts";
import type { UploadStore } from "./upload-store.ts";

/** Rows of the file shown in the preview (the header included). */
const PREVIEW_ROWS = 11;
/** Imports listed on the import page. */
const LIST_SIZE = 20;
/** An upload never started is forgotten (and its file deleted) after this. */
const UPLOAD_TTL_MS = 24 * 3_600_000;
/** A run notices a cancel within a second; a file still named this long after the import ended was left by a run that stopped. */
const LEFT_FILE_MS = 3_600_000;

type TagRef = number | string;
export interface Starter {
  companyId: number;
  userId: number;
}

/** The rules of importing; the runner (import-runner.ts) does the work itself. */
export class ImportService {
  constructor(
    private db: Db,
    private services: Services,
    private jobs: PluginJobs,
    private store: UploadStore,
    private feed: ImportFeed,
  ) {}

  /** Uploads being read now, per company (this process). */
  private reading = new Map<number, number>();

  /**
   * Stores the file, reads its first rows and suggests a mapping; nothing is imported yet.
   * At most IMPORT_LIMITS.previewsAtOnce uploads of a company are read at once (one more is
   * ERR_TOO_MANY_ATTEMPTS), the reading stops after IMPORT_LIMITS.previewMs, and a company keeps
   * IMPORT_LIMITS.pendingUploads uploads waiting to be started: a new one expires the oldest.
   */
  async upload(who: Starter, file: File) {
    const reading = this.reading.get(who.companyId) ?? 0;
    if (reading >= IMPORT_LIMITS.previewsAtOnce) throw new AppError("ERR_TOO_MANY_ATTEMPTS");
    this.reading.set(who.companyId, reading + 1);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new AppError("ERR_CONTACT_IMPORT_TIMEOUT")), IMPORT_LIMITS.previewMs);
    try {
      return await this.preview(who, file, deadline.signal);
    } finally {
      clearTimeout(timer);
      const left = (this.reading.get(who.companyId) ?? 1) - 1;
      if (left > 0) this.reading.set(who.companyId, left);
      else this.reading.delete(who.companyId);
    }
  }

  private async preview(who: Starter, file: File, signal: AbortSignal) {
    let storedPath = await this.store.save(who.companyId, file);
    try {
      const format = await sniffFormat(this.store.pathOf(storedPath));
      if (!format || !fitsName(format, file.name)) throw new AppError("ERR_CONTACT_IMPORT_BAD_FILE");
      // Parsed once, here: the preview, the count and the import read the rows kept.
      if (format === "xls") storedPath = await this.store.replace(storedPath, ".jsonl", (from, to) => xlsUploadToRows(from, to, signal));
      const rows: string[][] = [];
      for await (const record of importRecords(format, this.store.pathOf(storedPath), signal)) {
        if (!record.error) rows.push(record.cells);
        if (rows.length >= PREVIEW_ROWS) break;
      }
      if (!rows.length) throw new AppError("ERR_CONTACT_IMPORT_BAD_FILE");
      const { hasHeader, columns } = suggestColumns(rows);
      const [row] = await this.db
        .insert(contactImports)
        .values({
          companyId: who.companyId,
          userId: who.userId,
          source: "file",
          fileName: file.name.slice(0, 200),
          format,
          storedPath,
          status: "uploaded",
          columns: JSON.stringify(columns),
          headers: JSON.stringify(rows[0]),
          hasHeader,
        })
        .returning();
      await this.expireOldUploads(who.companyId);
      return { contactImport: importView(row!), rows, columns, hasHeader };
    } catch (err) {
      await this.store.remove(storedPath);
      throw err;
    }
  }

  /** Uploads of the company waiting to be started, past the newest IMPORT_LIMITS.pendingUploads, are discarded with their files. */
  private async expireOldUploads(companyId: number): Promise<void> {
    const waiting = and(eq(contactImports.companyId, companyId), eq(contactImports.status, "uploaded"));
    const old = await this.db
      .select({ id: contactImports.id, path: contactImports.storedPath })
      .from(contactImports)
      .where(waiting)
      .orderBy(desc(contactImports.id))
      .limit(1_000)
      .offset(IMPORT_LIMITS.pendingUploads);
    if (!old.length) return;
    const paths = new Map(old.map((r) => [r.id, r.path]));
    const expired = await this.db
      .update(contactImports)
      .set({ status: "cancelled", storedPath: "", finishedAt: new Date().toISOString() })
      .where(and(waiting, inArray(contactImports.id, [...paths.keys()])))
      .returning();
    for (const row of expired) {
      await this.store.remove(paths.get(row.id) ?? "");
      this.feed.changed(row);
    }
  }

  /** Starts an uploaded import with the user's mapping; one import runs per company at a time. */
  async start(who: Starter, id: number, input: { columns: ColumnTarget[]; hasHeader: boolean; tags: TagRef[] }): Promise<ImportView> {
    const row = await this.row(who.companyId, id);
    if (row.status !== "uploaded") throw new AppError("ERR_CONTACT_IMPORT_STATE");
    checkColumns(input.columns);
    const tagIds = await this.tagIds(who, input.tags);
    return this.enqueue(row, { columns: JSON.stringify(input.columns), hasHeader: input.hasHeader, tagIds: JSON.stringify(tagIds) });
  }

  /** Imports a connected WhatsApp connection's address book (the phone's saved contacts). */
  async startWhatsapp(who: Starter, whatsappId: number, tags: TagRef[]): Promise<ImportView> {
    const book = await this.services.get("channels.addressBook")?.(who.companyId, whatsappId);
    if (!book) throw new AppError("ERR_CONTACT_IMPORT_NO_SESSION");
    const tagIds = await this.tagIds(who, tags);
    const [row] = await this.db
      .insert(contactImports)
      .values({
        companyId: who.companyId,
        userId: who.userId,
        source: "whatsapp",
        whatsappId,
        format: "whatsapp",
        status: "uploaded",
        columns: JSON.stringify(["name", "number"]),
        hasHeader: false,
        totalRows: book.length,
      })
      .returning();
    try {
      return await this.enqueue(row!, { tagIds: JSON.stringify(tagIds) });
    } catch (err) {
      await this.db.delete(contactImports).where(eq(contactImports.id, row!.id));
      throw err;
    }
  }

  async get(companyId: number, id: number): Promise<ImportView> {
    return importView(await this.row(companyId, id));
  }

  /** The company's latest imports, newest first. */
  async list(companyId: number): Promise<ImportView[]> {
    const rows = await this.db.select().from(contactImports).where(eq(contactImports.companyId, companyId)).orderBy(desc(contactImports.id)).limit(LIST_SIZE);
    return rows.map(importView);
  }

  /** The rows an import refused, by line (the first MAX_STORED_ERRORS), and how many in all. */
  async errors(companyId: number, id: number) {
    const row = await this.row(companyId, id);
    const errors = await this.db
      .select({ line: contactImportErrors.line, field: contactImportErrors.field, message: contactImportErrors.message, value: contactImportErrors.value })
      .from(contactImportErrors)
      .where(and(eq(contactImportErrors.importId, id), eq(contactImportErrors.companyId, companyId)))
      .orderBy(asc(contactImportErrors.line), asc(contactImportErrors.id))
      .limit(MAX_STORED_ERRORS);
    return { errors, count: row.failed };
  }

  /**
   * Stops an import: one not started is discarded with its file; a queued or running one stops
   * after its current chunk (what it wrote stays). The file of a started import is left to its
   * run, which notices the cancel while it counts, skips or imports rows, closes its reader and
   * removes the file: removing it here would pull it from under a reader.
   */
  async cancel(companyId: number, id: number): Promise<ImportView> {
    const row = await this.row(companyId, id);
    const cancelled = { status: "cancelled", finishedAt: new Date().toISOString() };
    if (row.status === "uploaded") {
      const [discarded] = await this.db
        .update(contactImports)
        .set({ ...cancelled, storedPath: "" })
        .where(and(eq(contactImports.id, id), eq(contactImports.status, "uploaded")))
        .returning();
      if (discarded) {
        await this.store.remove(row.storedPath);
        this.feed.changed(discarded);
        return importView(discarded);
      }
    }
    // Started (maybe just now): the run removes the file once it sees the cancel.
    const [stopped] = await this.db
      .update(contactImports)
      .set(cancelled)
      .where(and(eq(contactImports.id, id), inArray(contactImports.status, ["queued", "running"])))
      .returning();
    if (!stopped) throw new AppError("ERR_CONTACT_IMPORT_STATE");
    this.feed.changed(stopped);
    return importView(stopped);
  }

  /**
   * Uploads left unstarted for a day are discarded with their files. So are the files of
   * imports that ended more than an hour ago and still name one: a run that stopped with its
   * process never removed the file of an import cancelled under it.
   */
  async sweep(now = Date.now()): Promise<number> {
    const stale = and(eq(contactImports.status, "uploaded"), lt(contactImports.createdAt, new Date(now - UPLOAD_TTL_MS).toISOString()));
    const rows = await this.db.select({ id: contactImports.id, path: contactImports.storedPath }).from(contactImports).where(stale);
    if (rows.length) {
      await this.db
        .update(contactImports)
        .set({ status: "cancelled", storedPath: "" })
        .where(
          and(
            stale,
            inArray(
              contactImports.id,
              rows.map((r) => r.id),
            ),
          ),
        );
      for (const r of rows) await this.store.remove(r.path);
    }
    const left = and(
      inArray(contactImports.status, ["cancelled", "done", "failed"]),
      ne(contactImports.storedPath, ""),
      lt(contactImports.finishedAt, new Date(now - LEFT_FILE_MS).toISOString()),
    );
    const leftovers = await this.db.select({ id: contactImports.id, path: contactImports.storedPath }).from(contactImports).where(left);
    for (const r of leftovers) {
      await this.store.remove(r.path);
      await this.db
        .update(contactImports)
        .set({ storedPath: "" })
        .where(and(eq(contactImports.id, r.id), eq(contactImports.storedPath, r.path)));
    }
    return rows.length + leftovers.length;
  }

  /**
   * Queues the run: one statement moves the import to `queued` only while no other import of
   * the company is queued or running, so two starts at once cannot both pass.
   */
  private async enqueue(row: ImportRow, values: Partial<ImportRow>): Promise<ImportView> {
    return this.db.transaction(async (tx) => {
      const [next] = await tx
        .update(contactImports)
        .set({ ...values, status: "queued" })
        .where(
          and(
            eq(contactImports.id, row.id),
            eq(contactImports.status, "uploaded"),
            sql`NOT EXISTS (SELECT 1 FROM ${contactImports} AS other WHERE other.company_id = ${row.companyId} AND other.status IN ('queued', 'running'))`,
          ),
        )
        .returning();
      if (!next) {
        const [busy] = await tx
          .select({ n: count() })
          .from(contactImports)
          .where(and(eq(contactImports.companyId, row.companyId), inArray(contactImports.status, ["queued", "running"])));
        throw new AppError(busy?.n ? "ERR_CONTACT_IMPORT_RUNNING" : "ERR_CONTACT_IMPORT_STATE");
      }
      await this.jobs.enqueue(RUN_JOB, { importId: row.id }, { tx, companyId: row.companyId, dedupeKey: `run:${row.id}:start`, maxAttempts: MAX_ATTEMPTS });
      this.feed.changed(next);
      return importView(next);
    });
  }

  /** Tag ids must be the company's; names are found or created (the tag editor's way). */
  private async tagIds(who: Starter, tags: TagRef[]): Promise<number[]> {
    const ids = [...new Set(tags.filter((t): t is number => typeof t === "number"))];
    const own = await this.services.require("tags.ownIds")(who.companyId, ids);
    if (own.length !== ids.length) throw new AppError("ERR_VALIDATION", { fields: { tags: "Invalid tag" } });
    const names = tags.filter((t): t is string => typeof t === "string");
    if (!names.length) return own;
    const { afterCommit, run } = afterCommitQueue();
    const byName = await this.db.transaction((tx) => this.services.require("tags.resolveNames")(who.companyId, who.userId, names, { tx, afterCommit }));
    run();
    return [...new Set([...own, ...byName.values()])];
  }

  private async row(companyId: number, id: number): Promise<ImportRow> {
    const [row] = await this.db
      .select()
      .from(contactImports)
      .where(and(eq(contactImports.companyId, companyId), eq(contactImports.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_CONTACT_IMPORT_NOT_FOUND");
    return row;
  }
}

/**
 * The content must be what the name says: .xlsx a zip, .csv text. A .xls may be the real
 * binary or text: older systems write tab-separated text under that name.
 */
function fitsName(format: SheetFormat, name: string): boolean {
  const ext = name.toLowerCase().split(".").pop();
  return ext === "xls" ? format !== "xlsx" : ext === format;
}

/** A number column is needed, and name, number, e-mail and tags take one column each. */
function checkColumns(columns: ColumnTarget[]): void {
  if (!columns.includes("number")) throw new AppError("ERR_VALIDATION", { fields: { columns: "Required" } });
  for (const target of SINGLE_TARGETS) if (columns.filter((c) => c === target).length > 1) throw new AppError("ERR_VALIDATION", { fields: { columns: "Duplicated" } });
}
