import { open } from "node:fs/promises";
import { extname } from "node:path";
import { cellText, isBlank, MAX_COLUMNS } from "./cells.ts";
import { readCsv } from "./csv-reader.ts";
import { badFile, SheetError } from "./sheet-error.ts";
import { type SheetLimits, type SheetLimitsOption, sheetLimits } from "./sheet-limits.ts";
import { xlsxRows } from "./xlsx-reader.ts";
import { parseXls } from "./xls-parse.ts";
import { readRows } from "./xls-rows.ts";

export { MAX_CELL, MAX_COLUMNS, MAX_ROWS } from "./cells.ts";

/** One record of a file: its line as the user sees it (1-based), the cells as text, or why it could not be read. */
export interface SheetRecord {
  line: number;
  cells: string[];
  /** A record the parser refused (e.g. a broken quote); the rest of the file still imports. */
  error?: string;
}

export type SheetFormat = "csv" | "xlsx" | "xls";

/** What the file's first bytes say it is: a zip (xlsx), an OLE2 compound file (xls) or text (csv). */
export async function sniffFormat(path: string): Promise<SheetFormat | null> {
  const handle = await open(path, "r");
  try {
    const head = new Uint8Array(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const b = head.subarray(0, bytesRead);
    if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) return "xlsx";
    if (b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0) return "xls";
    // Text: no NUL byte (UTF-16 files, binaries), and something in it.
    return bytesRead > 0 && !b.includes(0) ? "csv" : null;
  } finally {
    await handle.close();
  }
}

/** The first sheet's rows of an .xlsx (xlsx-reader.ts holds the zip and XML bounds). */
async function* readXlsx(path: string, limits: SheetLimits, signal?: AbortSignal): AsyncGenerator<SheetRecord> {
  for await (const row of xlsxRows(path, limits, signal)) {
    const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
    const cells = Array.from(values, cellText);
    if (!isBlank(cells)) yield { line: row.number, cells };
  }
}

/**
 * A legacy .xls was parsed once at upload and kept as a rows file (xls-rows.ts). An upload
 * stored as the .xls itself (before an upgrade) is parsed here, on a worker thread.
 */
async function* readXls(path: string, limits: SheetLimits, signal?: AbortSignal): AsyncGenerator<SheetRecord> {
  if (extname(path) !== ".xls") return yield* readRows(path);
  const { firstRow, rows } = await parseXls(path, signal, limits.xlsParseMs);
  for (let i = 0; i < rows.length; i += 1) {
    const cells = rows[i]!;
    if (!isBlank(cells)) yield { line: firstRow + i + 1, cells };
  }
}

/** Any fault of a reader as the caller sees it: our own failures stay, anything else is a file we cannot read. */
function asSheetError(err: unknown): SheetError {
  return err instanceof SheetError ? err : badFile();
}

export interface ReadOptions {
  /** Stops the reading (the caller's time limit): the open streams are destroyed and the read fails with SheetError "timeout". */
  signal?: AbortSignal;
  /** Bounds on the file (sheet-limits.ts); what is left out comes from SHEET_LIMITS. */
  limits?: SheetLimitsOption;
}

/**
 * The file's records in order, blank rows left out, read as a stream (.csv, .xlsx, an .xls's
 * rows file) so a large file never sits in memory whole. Every failure is a SheetError: a file
 * that is not what it claims is "bad-file", one that unpacks past the limits "too-large", one
 * with more than `limits.records` records "too-many-rows", a stopped read "timeout"; a single
 * bad CSV record is yielded with its `error`. Every stream is closed when the reader is left,
 * fails or is stopped; none can raise an uncaught error.
 * @example
 * for await (const record of readSheet("xlsx", path, { signal: AbortSignal.timeout(15_000), limits: { records: 1001 } }))
 *   if (!record.error) rows.push(record.cells);
 */
export async function* readSheet(format: SheetFormat, path: string, options: ReadOptions = {}): AsyncGenerator<SheetRecord> {
  const { signal } = options;
  const limits = sheetLimits(options.limits);
  const source = format === "csv" ? readCsv(path, signal) : format === "xlsx" ? readXlsx(path, limits, signal) : readXls(path, limits, signal);
  // The time limit also ends a read that is waiting on a stream: one abort listener fails the
  // wait under way. Not Promise.race against one long-lived promise: each race leaves a
  // reaction on it holding that wait's record until the read ends (100,000 rows of an .xlsx
  // kept ~70 MB alive).
  let failWait: ((err: SheetError) => void) | null = null;
  const onAbort = () => failWait?.(new SheetError("timeout"));
  signal?.addEventListener("abort", onAbort, { once: true });
  const wait = (): Promise<IteratorResult<SheetRecord>> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new SheetError("timeout"));
      failWait = reject;
      source.next().then(resolve, reject);
    });
  let count = 0;
  try {
    for (;;) {
      const next = signal ? await wait() : await source.next();
      failWait = null;
      if (next.done) return;
      if ((count += 1) > limits.records) throw new SheetError("too-many-rows");
      yield next.value;
    }
  } catch (err) {
    throw signal?.aborted ? new SheetError("timeout") : asSheetError(err);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // Closes the reader's streams; a reader still waiting closes when its wait ends.
    void source.return(undefined).catch(() => {});
  }
}
