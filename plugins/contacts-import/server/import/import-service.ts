import { and, asc, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { afterCommitQueue, type Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginJobs } from "../../../../core/jobs/jobs.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import { contactImportErrors, contactImports } from "../../schema/tables.ts";
import { type ColumnTarget, SINGLE_TARGETS } from "../../shared/columns.ts";
import { MAX_STORED_ERRORS } from "./import-chunk.ts";
import { MAX_ATTEMPTS, RUN_JOB } from "./import-runner.ts";
import { type ImportFeed, type ImportRow, type ImportView, importView } from "./import-view.ts";
import { suggestColumns } from "./column-guess.ts";
import { readSheet, type SheetFormat, sniffFormat } from "./sheet-reader.ts";
import type { UploadStore } from "./upload-store.ts";
import { xlsToRows } from "./xls-rows.ts";

/** Rows of the file shown in the preview (the header included). */
const PREVIEW_ROWS = 11;
/** Imports listed on the import page. */
const LIST_SIZE = 20;
/** An upload never started is forgotten (and its file deleted) after this. */
const UPLOAD_TTL_MS = 24 * 3_600_000;

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

  /** Stores the file, reads its first rows and suggests a mapping; nothing is imported yet. */
  async upload(who: Starter, file: File) {
    let storedPath = await this.store.save(who.companyId, file);
    try {
      const format = await sniffFormat(this.store.pathOf(storedPath));
      if (!format || !fitsName(format, file.name)) throw new AppError("ERR_CONTACT_IMPORT_BAD_FILE");
      // Parsed once, here: the preview, the count and the import read the rows kept.
      if (format === "xls") storedPath = await this.store.replace(storedPath, ".jsonl", xlsToRows);
      const rows: string[][] = [];
      for await (const record of readSheet(format, this.store.pathOf(storedPath))) {
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
      return { contactImport: importView(row!), rows, columns, hasHeader };
    } catch (err) {
      await this.store.remove(storedPath);
      throw err;
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

  /** Stops an import: one not started is discarded, a running one stops after its current chunk (what it wrote stays). */
  async cancel(companyId: number, id: number): Promise<ImportView> {
    const row = await this.row(companyId, id);
    const [next] = await this.db
      .update(contactImports)
      .set({ status: "cancelled", storedPath: "", finishedAt: new Date().toISOString() })
      .where(and(eq(contactImports.id, id), inArray(contactImports.status, ["uploaded", "queued", "running"])))
      .returning();
    if (!next) throw new AppError("ERR_CONTACT_IMPORT_STATE");
    await this.store.remove(row.storedPath);
    this.feed.changed(next);
    return importView(next);
  }

  /** Uploads left unstarted for a day are discarded with their files. */
  async sweep(now = Date.now()): Promise<number> {
    const stale = and(eq(contactImports.status, "uploaded"), lt(contactImports.createdAt, new Date(now - UPLOAD_TTL_MS).toISOString()));
    const rows = await this.db.select({ id: contactImports.id, path: contactImports.storedPath }).from(contactImports).where(stale);
    if (!rows.length) return 0;
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
    return rows.length;
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
