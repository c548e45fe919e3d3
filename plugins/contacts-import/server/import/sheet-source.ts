import { AppError } from "../../../../core/errors.ts";
import { readSheet, type SheetFormat, SheetError, type SheetFailure, type SheetRecord, xlsToRows } from "../../../../core/spreadsheet/index.ts";
import { readerLimits } from "./import-limits.ts";

/** The spreadsheet library's failures as this plugin's codes (the spec's client shows each). */
const CODES = {
  "bad-file": "ERR_CONTACT_IMPORT_BAD_FILE",
  "too-large": "ERR_CONTACT_IMPORT_TOO_LARGE",
  "too-many-rows": "ERR_CONTACT_IMPORT_TOO_MANY_ROWS",
  timeout: "ERR_CONTACT_IMPORT_TIMEOUT",
} as const satisfies Record<SheetFailure, string>;

/** A SheetError as the client sees it; anything else passes unchanged. */
export function importError(err: unknown): unknown {
  return err instanceof SheetError ? new AppError(CODES[err.failure]) : err;
}

/** An upload's records (core/spreadsheet's readSheet) within IMPORT_LIMITS, failing with this plugin's codes. */
export async function* importRecords(format: SheetFormat, path: string, signal?: AbortSignal): AsyncGenerator<SheetRecord> {
  try {
    yield* readSheet(format, path, { signal, limits: readerLimits() });
  } catch (err) {
    throw importError(err);
  }
}

/** An uploaded .xls parsed once into a rows file (core/spreadsheet's xlsToRows), failing with this plugin's codes. */
export async function xlsUploadToRows(from: string, to: string, signal?: AbortSignal): Promise<void> {
  try {
    await xlsToRows(from, to, { signal, limits: readerLimits() });
  } catch (err) {
    throw importError(err);
  }
}
