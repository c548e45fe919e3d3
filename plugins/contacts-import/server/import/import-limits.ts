import { MAX_ROWS, SHEET_LIMITS, type SheetLimitsOption } from "../../../../core/spreadsheet/index.ts";

/**
 * The bounds an import puts on what a user uploads, in one place (the README's "Limits" lists
 * them). A plain user chooses every byte of the file, so each bound is what a genuine contact
 * list of at most 20 MB needs, with room to spare, and not more: the process must survive any
 * file. The archive and XML bounds are the spreadsheet library's safe defaults
 * (core/spreadsheet/sheet-limits.ts), passed to every read. Tests lower some of them; the
 * server never changes them.
 */
export const IMPORT_LIMITS = {
  /** Data rows (the header excluded) an import takes; one more and the import is refused. */
  rows: MAX_ROWS,
  /** The upload's preview gives up after this long (a file built to be slow to read). */
  previewMs: 15_000,
  /** Uploads waiting to be started, per company: the next one expires the oldest. */
  pendingUploads: 5,
  /** Uploads read at the same time for one company, per process: one more is ERR_TOO_MANY_ATTEMPTS. */
  previewsAtOnce: 2,
  /** What an .xlsx's zip may declare, checked before anything is unpacked. */
  zip: { ...SHEET_LIMITS.zip },
  /** The XML read from the archive, checked as it streams. */
  xml: { ...SHEET_LIMITS.xml },
};

/** The reader's limits as they are now (read at each call: tests change IMPORT_LIMITS). */
export function readerLimits(): SheetLimitsOption {
  // The data rows and a header: the runner holds the data rows to the exact limit.
  return { records: IMPORT_LIMITS.rows + 1, zip: IMPORT_LIMITS.zip, xml: IMPORT_LIMITS.xml };
}
