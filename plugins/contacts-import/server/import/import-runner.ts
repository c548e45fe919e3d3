import { and, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { nowIso } from "../../../../core/db/columns.ts";
import { AppError } from "../../../../core/errors.ts";
import type { JobContext, PluginJobs } from "../../../../core/jobs/jobs.ts";
import type { Logger } from "../../../../core/log.ts";
import type { Services } from "../../../../core/plugin/services.ts";
import { contactImports } from "../../schema/tables.ts";
import { StaleRun, writeChunk } from "./import-chunk.ts";
import { IMPORT_LIMITS } from "./import-limits.ts";
import type { ImportFeed, ImportRow } from "./import-view.ts";
import type { SheetFormat, SheetRecord } from "../../../../core/spreadsheet/index.ts";
import { importRecords } from "./sheet-source.ts";
import type { UploadStore } from "./upload-store.ts";

/**
 * Records per transaction: big enough to amortise a commit, small enough that one chunk (read,
 * checked, written: mostly synchronous work) holds the event loop briefly. Measured at 30,000
 * rows, load 11: 500 gave the server's other requests p50/p99 23/256 ms of waiting, 250 gave 13/104 ms
 * for about a fifth less throughput (tests/bench/contacts-import.ts).
 */
export const CHUNK_ROWS = 250;
/** One job run works this long at most, then hands over to a new job row (the kernel's lease is 60 s). */
const SLICE_MS = 20_000;
/** Imports up to this size announce each contact like a saved one; larger ones tell lists to reload once. */
const ANNOUNCE_LIMIT = 1_000;
/** A run that keeps failing (not the file: the database) gives up and says so on the import. */
export const MAX_ATTEMPTS = 5;

export const RUN_JOB = "run";

/** While rows are counted or skipped, the import's state is looked at this often: a cancel is noticed within it. */
const CHECK_MS = 500;

/** Lets other work run between chunks: the import never holds the event loop for long. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The import was cancelled (or ended elsewhere) while this run read its file: the run lets go. */
class Ended extends Error {}

/** An open reader and how many data records it has handed out: the next run of the same import continues it. */
interface Cursor {
  position: number;
  records: AsyncGenerator<SheetRecord>;
}

export interface RunnerDeps {
  db: Db;
  services: Services;
  jobs: PluginJobs;
  log: Logger;
  store: UploadStore;
  feed: ImportFeed;
}

/**
 * Runs imports as kernel jobs. Each run reads from the resume point, writes chunks of
 * CHUNK_ROWS in their own transactions (import-chunk.ts), yields to the event loop between
 * them and, after SLICE_MS, enqueues the next run and returns. After a crash the job's lease
 * lapses and the run starts again from the last committed chunk (re-reading the file up to it).
 */
export class ImportRunner {
  private cursors = new Map<number, Cursor>();

  constructor(private deps: RunnerDeps) {}

  async run(job: JobContext<{ importId: number }>): Promise<void> {
    const row = await this.load(job.payload.importId);
    if (!row) return this.forget(job.payload.importId);
    if (!["queued", "running"].includes(row.status)) {
      // Cancelled while queued, or while a reader was kept open for this run: let both go.
      return this.release(row);
    }
    try {
      await this.work(row);
    } catch (err) {
      if (err instanceof StaleRun) {
        // Cancelled during the chunk (its write was undone): the file is this run's to remove.
        // Moved on by another run: that run has the file.
        const now = await this.load(row.id);
        if (now && !["queued", "running"].includes(now.status)) return this.release(now);
        return this.forget(row.id);
      }
      if (err instanceof Ended) return this.release(row);
      if (err instanceof AppError || job.attempt >= MAX_ATTEMPTS) {
        await this.finish(row, "failed", err instanceof AppError ? err.code : "ERR_INTERNAL");
        if (!(err instanceof AppError)) this.deps.log.error(`contact import ${row.id} failed`, err);
        return;
      }
      this.forget(row.id);
      throw err;
    }
  }

  private async work(start: ImportRow): Promise<void> {
    let row = start;
    if (row.status === "queued") row = await this.setWhileActive(row.id, { status: "running", startedAt: nowIso() });
    this.deps.feed.changed(row);
    if (row.totalRows === null) {
      const total = await this.count(row);
      // Exactly IMPORT_LIMITS.rows data rows are taken; one more and nothing is imported.
      if (total > IMPORT_LIMITS.rows) throw new AppError("ERR_CONTACT_IMPORT_TOO_MANY_ROWS");
      row = await this.setWhileActive(row.id, { totalRows: total });
    }
    const cursor = await this.cursorAt(row);
    const until = Date.now() + SLICE_MS;
    const announce = (row.totalRows ?? 0) <= ANNOUNCE_LIMIT;
    for (;;) {
      const batch: SheetRecord[] = [];
      while (batch.length < CHUNK_ROWS) {
        const next = await cursor.records.next();
        if (next.done) break;
        batch.push(next.value);
      }
      if (batch.length) {
        row = await writeChunk(this.deps.db, this.deps.services, row, batch, announce);
        cursor.position = row.processedRows;
        this.deps.feed.changed(row, false);
      }
      if (batch.length < CHUNK_ROWS) {
        this.forget(row.id);
        const done = await this.finish(row, "done");
        if (done && !announce && done.created + done.updated > 0) this.deps.services.require("contacts.reloaded")(row.companyId);
        return;
      }
      await breathe();
      const now = await this.load(row.id);
      if (now?.status !== "running") {
        if (now) await this.release(now);
        else this.forget(row.id);
        return;
      }
      if (Date.now() > until) {
        this.cursors.set(row.id, cursor);
        await this.deps.jobs.enqueue(RUN_JOB, { importId: row.id }, { companyId: row.companyId, dedupeKey: `run:${row.id}:${row.processedRows}`, maxAttempts: MAX_ATTEMPTS });
        return;
      }
    }
  }

  /** The records after the resume point: the open reader when it stands there, else the source read again and skipped. */
  private async cursorAt(row: ImportRow): Promise<Cursor> {
    const kept = this.cursors.get(row.id);
    this.cursors.delete(row.id);
    if (kept && kept.position === row.processedRows) return kept;
    if (kept) await kept.records.return(undefined).catch(() => {});
    const records = await this.open(row);
    try {
      const watch = this.watcher(row.id);
      let skip = row.processedRows;
      while (skip > 0 && !(await records.next()).done) {
        skip -= 1;
        if (skip % CHUNK_ROWS === 0) await watch();
      }
    } catch (err) {
      await records.return(undefined).catch(() => {});
      throw err;
    }
    return { position: row.processedRows, records };
  }

  /** The data records of the import's source (a header row left out). */
  private async open(row: ImportRow): Promise<AsyncGenerator<SheetRecord>> {
    if (row.source === "whatsapp") return this.addressBook(row);
    const records = importRecords(row.format as SheetFormat, this.deps.store.pathOf(row.storedPath));
    if (row.hasHeader) await records.next();
    return records;
  }

  private async *addressBook(row: ImportRow): AsyncGenerator<SheetRecord> {
    const entries = await this.deps.services.get("channels.addressBook")?.(row.companyId, row.whatsappId ?? 0);
    if (!entries) throw new AppError("ERR_CONTACT_IMPORT_NO_SESSION");
    for (let i = 0; i < entries.length; i += 1) yield { line: i + 1, cells: [entries[i]!.name, entries[i]!.number] };
  }

  /**
   * Counts the data records once, so progress has a total (streamed, yielding as it goes).
   * A cancel is noticed while counting: the reader is closed and the run lets go (`Ended`).
   * Counting stops one past the row limit: that is enough to refuse the file.
   */
  private async count(row: ImportRow): Promise<number> {
    const records = await this.open(row);
    const watch = this.watcher(row.id);
    let n = 0;
    try {
      while (!(await records.next()).done) {
        if ((n += 1) > IMPORT_LIMITS.rows) break;
        if (n % CHUNK_ROWS === 0) await watch();
      }
    } finally {
      await records.return(undefined).catch(() => {});
    }
    return n;
  }

  /** A check, run between chunks of a long pass over the file, that yields and throws `Ended` once the import is no longer running. */
  private watcher(id: number): () => Promise<void> {
    let lastLook = Date.now();
    return async () => {
      await breathe();
      if (Date.now() - lastLook < CHECK_MS) return;
      lastLook = Date.now();
      if ((await this.load(id))?.status !== "running") throw new Ended();
    };
  }

  /**
   * Ends an import (unless it already ended): status, time, the upload deleted, everyone told.
   * `current` is the run's own row: its stored path never changes while the import runs.
   */
  private async finish(current: ImportRow, status: "done" | "failed", error = ""): Promise<ImportRow | null> {
    this.forget(current.id);
    const [row] = await this.deps.db
      .update(contactImports)
      .set({ status, error, finishedAt: nowIso(), storedPath: "" })
      .where(and(eq(contactImports.id, current.id), inArray(contactImports.status, ["queued", "running"])))
      .returning();
    if (!row) {
      // Cancelled meanwhile: the cancel left the file to this run.
      await this.release(current);
      return null;
    }
    await this.deps.store.remove(current.storedPath);
    this.deps.feed.changed(row);
    return row;
  }

  /**
   * An import that ended while a run had its file (a cancel leaves the file to the run, so no
   * reader loses it mid-read): the kept reader is closed and the file removed. Idempotent.
   */
  private async release(row: ImportRow): Promise<void> {
    this.forget(row.id);
    if (!row.storedPath) return;
    await this.deps.store.remove(row.storedPath);
    await this.deps.db
      .update(contactImports)
      .set({ storedPath: "" })
      .where(and(eq(contactImports.id, row.id), eq(contactImports.storedPath, row.storedPath), notInArray(contactImports.status, ["queued", "running"])));
  }

  private forget(id: number): void {
    const kept = this.cursors.get(id);
    this.cursors.delete(id);
    // Closing a reader never throws into nowhere: an unhandled rejection would stop the process.
    void kept?.records.return(undefined).catch(() => {});
  }

  private async load(id: number): Promise<ImportRow | undefined> {
    const [row] = await this.deps.db.select().from(contactImports).where(eq(contactImports.id, id)).limit(1);
    return row;
  }

  /** Updates an import still queued or running; one cancelled meanwhile ends this run (`Ended`). */
  private async setWhileActive(id: number, values: Partial<ImportRow>): Promise<ImportRow> {
    const [row] = await this.deps.db
      .update(contactImports)
      .set(values)
      .where(and(eq(contactImports.id, id), inArray(contactImports.status, ["queued", "running"])))
      .returning();
    if (!row) throw new Ended();
    return row;
  }
}
