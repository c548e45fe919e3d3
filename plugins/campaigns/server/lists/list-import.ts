import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { AppError } from "../../../../core/errors.ts";
import { readSheet, SheetError, type SheetFailure, sniffFormat } from "../../../../core/spreadsheet/index.ts";
import { ItemRow } from "./contact-lists.schemas.ts";

/** Bounds of one list import: what a real contact list needs (a user chooses every byte). */
export const LIST_IMPORT_LIMITS = {
  /** Data rows; one more and the import is refused whole (never cut silently). */
  rows: 100_000,
  maxBytes: 20 * 1024 * 1024,
  readMs: 60_000,
  /** Refused rows reported one by one; the rest are counted. */
  reportedRefusals: 1_000,
};

/** The import accepts .xls and .xlsx (spec 002 §5) and .csv (issue 25); the bytes must agree with the name. */
const EXTENSIONS = { ".xls": "xls", ".xlsx": "xlsx", ".csv": "csv" } as const;

const CODES = {
  "bad-file": "ERR_CONTACT_LIST_IMPORT_BAD_FILE",
  "too-large": "ERR_CONTACT_LIST_IMPORT_TOO_LARGE",
  "too-many-rows": "ERR_CONTACT_LIST_IMPORT_TOO_MANY_ROWS",
  timeout: "ERR_CONTACT_LIST_IMPORT_TIMEOUT",
} as const satisfies Record<SheetFailure, string>;

export interface ParsedRow {
  name: string;
  number: string;
  email: string;
}
export interface Refusal {
  line: number;
  field: string;
  message: string;
}

/**
 * A read file's checked rows, staged on disk (one JSON line each, mode 600) rather than held:
 * 100,000 rows as objects, beside what the reader leaves for the collector, took the server
 * past its memory aim. `chunks` reads them back `size` at a time; `dispose` removes the file.
 */
export interface StagedRows {
  count: number;
  refused: Refusal[];
  refusedCount: number;
  chunks(size: number): AsyncGenerator<ParsedRow[]>;
  dispose(): Promise<void>;
}

/** Header words (any language the sample shows) → the field they name. */
const HEADERS: Record<string, keyof ParsedRow> = {
  name: "name",
  nome: "name",
  nombre: "name",
  isim: "name",
  number: "number",
  numero: "number",
  número: "number",
  phone: "number",
  telefone: "number",
  email: "email",
  "e-mail": "email",
};

/**
 * Reads an uploaded spreadsheet into checked rows: columns by header (name/nome, number/numero,
 * email) or, without one, name, number, email in that order. Cells are text, formulas are never
 * evaluated (their cached text is read as text, and a formula-looking name is refused by the
 * name rule only if it breaks it). Reads everything before anything is written, so a file that
 * fails half-way leaves the list as it was. The checked rows are staged on disk (StagedRows):
 * the caller inserts them and then disposes of them.
 */
export async function readListFile(file: File, onProgress: (read: number) => void): Promise<StagedRows> {
  const ext = extname(file.name).toLowerCase() as keyof typeof EXTENSIONS;
  if (!(ext in EXTENSIONS)) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: Object.keys(EXTENSIONS) });
  if (file.size > LIST_IMPORT_LIMITS.maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes: LIST_IMPORT_LIMITS.maxBytes });
  if (file.size === 0) throw new AppError("ERR_CONTACT_LIST_IMPORT_BAD_FILE");
  const dir = await mkdtemp(join(tmpdir(), "contact-list-"));
  const path = join(dir, `upload${ext}`);
  const stagedPath = join(dir, "rows.jsonl");
  const dispose = () => rm(dir, { recursive: true, force: true });
  const staged = createWriteStream(stagedPath, { mode: 0o600 });
  try {
    await writeFile(path, new Uint8Array(await file.arrayBuffer()), { mode: 0o600 });
    const sniffed = await sniffFormat(path);
    if (sniffed !== EXTENSIONS[ext]) throw new AppError("ERR_CONTACT_LIST_IMPORT_BAD_FILE");
    let count = 0;
    const refused: Refusal[] = [];
    let refusedCount = 0;
    let columns: Record<keyof ParsedRow, number> | null = null;
    let read = 0;
    const refuse = (r: Refusal) => {
      refusedCount++;
      if (refused.length < LIST_IMPORT_LIMITS.reportedRefusals) refused.push(r);
    };
    for await (const record of readSheet(sniffed, path, { signal: AbortSignal.timeout(LIST_IMPORT_LIMITS.readMs), limits: { records: LIST_IMPORT_LIMITS.rows + 1 } })) {
      if (record.error) {
        refuse({ line: record.line, field: "row", message: "Invalid row" });
        continue;
      }
      if (!columns) {
        columns = headerOf(record.cells);
        if (columns) continue;
        columns = { name: 0, number: 1, email: 2 };
      }
      if (++read % 1_000 === 0) onProgress(read);
      const parsed = ItemRow.safeParse({ name: record.cells[columns.name] ?? "", number: record.cells[columns.number] ?? "", email: record.cells[columns.email] ?? "" });
      if (parsed.success) {
        count++;
        // Backpressure: the reader waits while the staging file's buffer is full (`once` rejects on its error).
        if (!staged.write(`${JSON.stringify(parsed.data)}\n`)) await once(staged, "drain");
      } else {
        const issue = parsed.error.issues[0]!;
        refuse({ line: record.line, field: String(issue.path[0] ?? "row"), message: issue.message });
      }
    }
    if (read > LIST_IMPORT_LIMITS.rows) throw new AppError("ERR_CONTACT_LIST_IMPORT_TOO_MANY_ROWS");
    staged.end();
    await once(staged, "finish");
    await rm(path, { force: true });
    return { count, refused, refusedCount, chunks: (size) => stagedChunks(stagedPath, size), dispose };
  } catch (err) {
    staged.destroy();
    await dispose();
    if (err instanceof SheetError) throw new AppError(CODES[err.failure]);
    throw err;
  }
}

/** The staged rows, `size` at a time, in the order they were read. */
async function* stagedChunks(path: string, size: number): AsyncGenerator<ParsedRow[]> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  let chunk: ParsedRow[] = [];
  try {
    for await (const line of lines) {
      if (!line) continue;
      chunk.push(JSON.parse(line) as ParsedRow);
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length) yield chunk;
  } finally {
    lines.close();
  }
}

function headerOf(cells: string[]): Record<keyof ParsedRow, number> | null {
  const found: Partial<Record<keyof ParsedRow, number>> = {};
  cells.forEach((cell, i) => {
    const field = HEADERS[cell.trim().toLowerCase()];
    if (field && found[field] === undefined) found[field] = i;
  });
  if (found.number === undefined) return null;
  return { name: found.name ?? -1, number: found.number, email: found.email ?? -1 };
}
