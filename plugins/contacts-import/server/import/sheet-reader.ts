import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { extname } from "node:path";
import type { Row } from "exceljs";
import { AppError } from "../../../../core/errors.ts";
import { cellText, cut, isBlank, MAX_COLUMNS, MAX_ROWS, READ_BYTES } from "./cells.ts";
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
 * A record csv-parse could not read. A quote never closed swallows the rest of the file into
 * one field: it is reported at the line after the last good record, where that record began.
 */
function skippedRecord(err: { code?: string; lines?: number } | undefined, lastGoodLine: number): SheetRecord {
  if (err?.code === "CSV_QUOTE_NOT_CLOSED") return { line: lastGoodLine + 1, cells: [], error: "Quote not closed" };
  return { line: err?.lines ?? 0, cells: [], error: "Invalid row" };
}

async function* readCsv(path: string): AsyncGenerator<SheetRecord> {
  const { parse } = await import("csv-parse");
  const skipped: SheetRecord[] = [];
  let lastGoodLine = 0;
  const file = createReadStream(path, { highWaterMark: READ_BYTES });
  const parser = file.pipe(
    parse({
      bom: true,
      delimiter: await csvDelimiter(path),
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
    }),
  );
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      while (skipped.length) yield skipped.shift()!;
      const cells = item.record.slice(0, MAX_COLUMNS).map(cut);
      if (!isBlank(cells)) yield { line: item.info.lines, cells };
    }
    while (skipped.length) yield skipped.shift()!;
  } finally {
    // A reader left early (the preview) closes the file: pipe() does not pass that on.
    file.destroy();
  }
}

/**
 * Tries at reading a workbook, as long as none gave a row. exceljs's stream reader (4.4.0, over
 * unzipper 0.10) now and then fails a good file when the machine is busy: the zip's entries after
 * a worksheet it set aside (one stored before the shared strings, as Excel and exceljs write
 * them) are lost, and with them xl/workbook.xml ("this.model.sheets" undefined). Reading one
 * small exceljs-written file 4 at a time beside 3 busy processes on 2 cores: 28 of 1,200 reads
 * failed once, 3 of 2,400 failed three times. The cause inside the two libraries is not found;
 * a file that is really broken fails every time, so trying again costs a bad file little.
 */
const XLSX_ATTEMPTS = 3;

async function* readXlsx(path: string): AsyncGenerator<SheetRecord> {
  for (let attempt = 1; ; attempt += 1) {
    let yielded = false;
    try {
      for await (const record of readXlsxOnce(path)) {
        yielded = true;
        yield record;
      }
      return;
    } catch (err) {
      // Rows already handed on cannot be taken back: only a read that gave none starts over.
      if (yielded || attempt >= XLSX_ATTEMPTS) throw err;
    }
  }
}

async function* readXlsxOnce(path: string): AsyncGenerator<SheetRecord> {
  const { default: ExcelJS } = await import("exceljs");
  const file = createReadStream(path, { highWaterMark: READ_BYTES });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  try {
    // The first worksheet only: contacts are one list.
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<Row>) {
        const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
        const cells = Array.from(values, cellText);
        if (!isBlank(cells)) yield { line: row.number, cells };
      }
      return;
    }
  } catch (err) {
    throw badFile(err);
  } finally {
    file.destroy();
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

function badFile(err: unknown): AppError {
  return err instanceof AppError ? err : new AppError("ERR_CONTACT_IMPORT_BAD_FILE");
}

/**
 * The file's records in order, blank rows left out, read as a stream (.csv, .xlsx, an .xls's
 * rows file) so a large file never sits in memory whole. A file that is not what it claims fails with
 * ERR_CONTACT_IMPORT_BAD_FILE; a single bad CSV record is yielded with its `error`.
 */
export async function* readSheet(format: SheetFormat, path: string): AsyncGenerator<SheetRecord> {
  const source = format === "csv" ? readCsv(path) : format === "xlsx" ? readXlsx(path) : readXls(path);
  let count = 0;
  try {
    for await (const record of source) {
      if ((count += 1) > MAX_ROWS) return;
      yield record;
    }
  } catch (err) {
    throw badFile(err);
  }
}
