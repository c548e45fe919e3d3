import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { pipeline, Transform } from "node:stream";
import { cut, isBlank, MAX_COLUMNS, READ_BYTES } from "./cells.ts";
import { SheetError } from "./sheet-error.ts";
import type { SheetRecord } from "./sheet-reader.ts";

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

/**
 * A CSV's records, streamed: the delimiter guessed from the first line, UTF-8 or Windows-1252
 * (csvEncoding), a bad record yielded with its `error` while the rest goes on. Aborting `signal`
 * destroys the parser (SheetError "timeout").
 */
export async function* readCsv(path: string, signal?: AbortSignal): AsyncGenerator<SheetRecord> {
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
  const stop = () => parser.destroy(new SheetError("timeout"));
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
