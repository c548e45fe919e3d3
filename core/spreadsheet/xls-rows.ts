import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { isBlank, READ_BYTES } from "./cells.ts";
import type { SheetRecord } from "./sheet-reader.ts";
import { type SheetLimitsOption, sheetLimits } from "./sheet-limits.ts";
import { parseXls } from "./xls-parse.ts";

/** Lines written at a time: the rows file is never built whole as one string. */
const WRITE_LINES = 1_000;

/**
 * A legacy .xls cannot be streamed (SheetJS reads it whole, on a worker: xls-parse.ts), so it
 * is parsed once, at upload, and kept as a rows file: one JSON line per non-blank row,
 * `[line, ...cells]`. The preview, the count and the import then stream that file as they
 * stream a CSV: the parse never runs again and no parsed sheet stays in memory between them.
 * The file is written private (600); a failed write leaves nothing behind. Fails with SheetError
 * ("bad-file", "timeout") as `readSheet` does.
 */
export async function xlsToRows(xlsPath: string, rowsPath: string, options: { signal?: AbortSignal; limits?: SheetLimitsOption } = {}): Promise<void> {
  const { firstRow, rows } = await parseXls(xlsPath, options.signal, sheetLimits(options.limits).xlsParseMs);
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

/**
 * The records of a rows file written by xlsToRows, streamed. The file's lines are split here
 * (not by readline, which passes no fault of the file on): a file that cannot be read fails
 * the loop, and leaving it early closes the file.
 */
export async function* readRows(path: string): AsyncGenerator<SheetRecord> {
  const file = createReadStream(path, { highWaterMark: READ_BYTES, encoding: "utf8" });
  let rest = "";
  const record = (text: string): SheetRecord => {
    const [line, ...cells] = JSON.parse(text) as [number, ...string[]];
    return { line, cells };
  };
  try {
    for await (const chunk of file as AsyncIterable<string>) {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop()!;
      for (const text of lines) if (text) yield record(text);
    }
    if (rest) yield record(rest);
  } finally {
    file.destroy();
  }
}
