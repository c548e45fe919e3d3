import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import { isBlank, READ_BYTES } from "./cells.ts";
import type { SheetRecord } from "./sheet-reader.ts";
import { parseXls } from "./xls-parse.ts";

/** Lines written at a time: the rows file is never built whole as one string. */
const WRITE_LINES = 1_000;

/**
 * A legacy .xls cannot be streamed (SheetJS reads it whole, on a worker: xls-parse.ts), so it
 * is parsed once, at upload, and kept as a rows file: one JSON line per non-blank row,
 * `[line, ...cells]`. The preview, the count and the import then stream that file as they
 * stream a CSV: the parse never runs again and no parsed sheet stays in memory between them.
 * The file is written private (600); a failed write leaves nothing behind.
 */
export async function xlsToRows(xlsPath: string, rowsPath: string): Promise<void> {
  const { firstRow, rows } = await parseXls(xlsPath);
  const file = await open(rowsPath, "w", 0o600);
  try {
    let lines: string[] = [];
    const flush = async () => {
      if (lines.length) await file.write(`${lines.join("\n")}\n`);
      lines = [];
    };
    for (let i = 0; i < rows.length; i += 1) {
      if (!isBlank(rows[i]!)) lines.push(JSON.stringify([firstRow + i + 1, ...rows[i]!]));
      if (lines.length >= WRITE_LINES) await flush();
    }
    await flush();
    await file.close();
  } catch (err) {
    await file.close().catch(() => {});
    await rm(rowsPath, { force: true });
    throw err;
  }
}

/** The records of a rows file written by xlsToRows, streamed. */
export async function* readRows(path: string): AsyncGenerator<SheetRecord> {
  const file = createReadStream(path, { highWaterMark: READ_BYTES });
  const lines = createInterface({ input: file, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const text of lines) {
      if (!text) continue;
      const [line, ...cells] = JSON.parse(text) as [number, ...string[]];
      yield { line, cells };
    }
  } finally {
    // A reader left early (the preview) closes the file.
    lines.close();
    file.destroy();
  }
}
