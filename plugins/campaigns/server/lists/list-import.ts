import { mkdtemp, rm, writeFile } from "node:fs/promises";
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
 * fails half-way leaves the list as it was.
 */
export async function readListFile(file: File, onProgress: (read: number) => void): Promise<{ rows: ParsedRow[]; refused: Refusal[]; refusedCount: number }> {
  const ext = extname(file.name).toLowerCase() as keyof typeof EXTENSIONS;
  if (!(ext in EXTENSIONS)) throw new AppError("ERR_UNSUPPORTED_MEDIA_TYPE", { accepted: Object.keys(EXTENSIONS) });
  if (file.size > LIST_IMPORT_LIMITS.maxBytes) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes: LIST_IMPORT_LIMITS.maxBytes });
  if (file.size === 0) throw new AppError("ERR_CONTACT_LIST_IMPORT_BAD_FILE");
  const dir = await mkdtemp(join(tmpdir(), "contact-list-"));
  const path = join(dir, `upload${ext}`);
  try {
    await writeFile(path, new Uint8Array(await file.arrayBuffer()), { mode: 0o600 });
    const sniffed = await sniffFormat(path);
    if (sniffed !== EXTENSIONS[ext]) throw new AppError("ERR_CONTACT_LIST_IMPORT_BAD_FILE");
    const rows: ParsedRow[] = [];
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
      if (parsed.success) rows.push(parsed.data);
      else {
        const issue = parsed.error.issues[0]!;
        refuse({ line: record.line, field: String(issue.path[0] ?? "row"), message: issue.message });
      }
    }
    if (read > LIST_IMPORT_LIMITS.rows) throw new AppError("ERR_CONTACT_LIST_IMPORT_TOO_MANY_ROWS");
    return { rows, refused, refusedCount };
  } catch (err) {
    if (err instanceof SheetError) throw new AppError(CODES[err.failure]);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
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
