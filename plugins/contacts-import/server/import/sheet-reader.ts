import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { extname } from "node:path";
import { pipeline, Transform } from "node:stream";
import { AppError } from "../../../../core/errors.ts";
import { cellText, cut, isBlank, MAX_COLUMNS, READ_BYTES } from "./cells.ts";
import { IMPORT_LIMITS } from "./import-limits.ts";
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

/** The CSV delimiter: whichever of `;` `,` tab appears most on the first line (Excel in Brazil writes `;`). */
async function csvDelimiter(path: string): Promise<string> {
  const handle = await open(path, "r");
  try {
    const head = new Uint8Array(8192);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const firstLine = new TextDecoder().decode(head.subarray(0, bytesRead)).split(/\r?\n/)[0] ?? "";
    const count = (ch: string) => firstLine.split(ch).length - 1;
    return [";", ",", "\t"].reduce((best, ch) => (count(ch) > count(best) ? ch : best), ",");
  } finally {
    await handle.close();
  }
}

/**
 * The CSV's encoding: UTF-8 when every byte sequence is valid UTF-8, else Windows-1252 (what
 * Excel on Windows writes as "CSV" in Brazil, Spain and Turkey; a superset of Latin-1), so
 * "João" does not become "Jo\uFFFDo". One streamed pass over the file (20 MB at most).
 */
async function csvEncoding(path: string): Promise<"utf-8" | "windows-1252"> {
  const strict = new TextDecoder("utf-8", { fatal: true });
  const file = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of file) strict.decode(chunk as Buffer, { stream: true });
    strict.decode();
    return "utf-8";
  } catch (err) {
    if (err instanceof TypeError) return "windows-1252";
    throw err;
  } finally {
    file.destroy();
  }
}

/** Bytes to text in the file's encoding, characters split between chunks kept whole. */
function decoding(encoding: string): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }) || undefined);
    },
    flush(done) {
      done(null, decoder.decode() || undefined);
    },
  });
}

/**
 * A record csv-parse could not read. A quote never closed swallows the rest of the file into
 * one field: it is reported at the line after the last good record, where that record began.
 */
function skippedRecord(err: { code?: string; lines?: number } | undefined, lastGoodLine: number): SheetRecord {
  if (err?.code === "CSV_QUOTE_NOT_CLOSED") return { line: lastGoodLine + 1, cells: [], error: "Quote not closed" };
  return { line: err?.lines ?? 0, cells: [], error: "Invalid row" };
}

async function* readCsv(path: string, signal?: AbortSignal): AsyncGenerator<SheetRecord> {
  const { parse } = await import("csv-parse");
  const skipped: SheetRecord[] = [];
  let lastGoodLine = 0;
  const encoding = await csvEncoding(path);
  const delimiter = await csvDelimiter(path);
  const file = createReadStream(path, { highWaterMark: READ_BYTES });
  const parser = parse({
    bom: true,
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    // A broken record is reported with its line and the parser goes on with the next one.
    skip_records_with_error: true,
    on_skip: (err) => {
      skipped.push(skippedRecord(err, lastGoodLine));
      return undefined;
    },
    // Called as each record is parsed (the loop below may read it later).
    on_record: (record, context) => {
      lastGoodLine = context.lines;
      return record;
    },
  });
  // pipeline() passes a fault of any stream (the file gone, a read error) on to the parser,
  // which the loop below sees; each stream has a listener, so no fault is ever uncaught.
  pipeline(file, decoding(encoding), parser, () => {});
  const stop = () => parser.destroy(new AppError("ERR_CONTACT_IMPORT_TIMEOUT"));
  signal?.addEventListener("abort", stop, { once: true });
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      while (skipped.length) yield skipped.shift()!;
      const cells = item.record.slice(0, MAX_COLUMNS).map(cut);
      if (!isBlank(cells)) yield { line: item.info.lines, cells };
    }
    while (skipped.length) yield skipped.shift()!;
  } finally {
    signal?.removeEventListener("abort", stop);
    // A reader left early (the preview) closes the file.
    parser.destroy();
    file.destroy();
  }
}

/** The first sheet's rows of an .xlsx (xlsx-reader.ts holds the zip and XML bounds). */
async function* readXlsx(path: string, signal?: AbortSignal): AsyncGenerator<SheetRecord> {
  for await (const row of xlsxRows(path, signal)) {
    const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
    const cells = Array.from(values, cellText);
    if (!isBlank(cells)) yield { line: row.number, cells };
  }
}

/**
 * A legacy .xls was parsed once at upload and kept as a rows file (xls-rows.ts). An upload
 * stored as the .xls itself (before an upgrade) is parsed here, on a worker thread.
 */
async function* readXls(path: string): AsyncGenerator<SheetRecord> {
  if (extname(path) !== ".xls") return yield* readRows(path);
  const { firstRow, rows } = await parseXls(path);
  for (let i = 0; i < rows.length; i += 1) {
    const cells = rows[i]!;
    if (!isBlank(cells)) yield { line: firstRow + i + 1, cells };
  }
}

/** Any fault of a reader as the client sees it: our own codes stay, anything else is a file we cannot read. */
function badFile(err: unknown): AppError {
  return err instanceof AppError ? err : new AppError("ERR_CONTACT_IMPORT_BAD_FILE");
}

export interface ReadOptions {
  /** Stops the reading (the preview's time limit): the open streams are destroyed and the read fails with ERR_CONTACT_IMPORT_TIMEOUT. */
  signal?: AbortSignal;
}

/**
 * The file's records in order, blank rows left out, read as a stream (.csv, .xlsx, an .xls's
 * rows file) so a large file never sits in memory whole. A file that is not what it claims fails with
 * ERR_CONTACT_IMPORT_BAD_FILE; a single bad CSV record is yielded with its `error`. A file with
 * more records than IMPORT_LIMITS.rows and a header fails with ERR_CONTACT_IMPORT_TOO_MANY_ROWS
 * (the runner holds the data rows to the exact limit). Every stream is closed when the reader
 * is left, fails or is stopped; none can raise an uncaught error.
 */
export async function* readSheet(format: SheetFormat, path: string, options: ReadOptions = {}): AsyncGenerator<SheetRecord> {
  const { signal } = options;
  const source = format === "csv" ? readCsv(path, signal) : format === "xlsx" ? readXlsx(path, signal) : readXls(path);
  // The time limit also ends a read that is waiting on a stream: the wait is raced against it.
  let stopped: Promise<never> | null = null;
  if (signal) {
    stopped = new Promise<never>((_, reject) => {
      const fail = () => reject(new AppError("ERR_CONTACT_IMPORT_TIMEOUT"));
      if (signal.aborted) fail();
      else signal.addEventListener("abort", fail, { once: true });
    });
    stopped.catch(() => {});
  }
  let count = 0;
  try {
    for (;;) {
      const next = stopped ? await Promise.race([source.next(), stopped]) : await source.next();
      if (next.done) return;
      if ((count += 1) > IMPORT_LIMITS.rows + 1) throw new AppError("ERR_CONTACT_IMPORT_TOO_MANY_ROWS");
      yield next.value;
    }
  } catch (err) {
    throw signal?.aborted ? new AppError("ERR_CONTACT_IMPORT_TIMEOUT") : badFile(err);
  } finally {
    // Closes the reader's streams; a reader still waiting closes when its wait ends.
    void source.return(undefined).catch(() => {});
  }
}
