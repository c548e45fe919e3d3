import { MAX_ROWS } from "./cells.ts";

const MiB = 1 << 20;

/**
 * The bounds an import puts on what a user uploads, in one place (the README's "Limits" lists
 * them). A plain user chooses every byte of the file, so each bound is what a genuine contact
 * list of at most 20 MB needs, with room to spare, and not more: the process must survive any
 * file. Tests lower some of them; the server never changes them.
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
  /** An .xlsx is a zip: what its central directory may declare, checked before anything is unpacked. */
  zip: {
    /** Entries in the archive (a workbook has a few dozen). */
    entries: 10_000,
    /** Unpacked size of any one entry (a sheet of 1,000,000 three-column rows is about 170 MB). */
    entryBytes: 512 * MiB,
    /** Unpacked size of all the entries together. */
    totalBytes: 1024 * MiB,
    /** Unpacked size of the shared strings (about 55 MB for 2,000,000 names and e-mails). */
    stringsBytes: 64 * MiB,
    /** Unpacked size of the workbook and its relationships (a few KB in any real file). */
    partBytes: 16 * MiB,
    /** Unpacked ÷ packed, for an entry over `ratioFrom`: spreadsheets pack 10–20 times; zip bombs, about a thousand. */
    ratio: 100,
    ratioFrom: MiB,
  },
  /** The XML read from the archive, checked as it streams (the declared sizes may lie; these cannot). */
  xml: {
    /** Characters from one `<` to the next: a cell holds 32,767 characters at most. */
    run: MiB,
    /** Characters from one sheet row to the next: the row being read is the part held in memory. */
    rowChars: 16 * MiB,
    /** Characters from one shared string to the next. */
    stringChars: MiB,
    /** Shared strings (distinct texts) in a workbook. */
    strings: 2_000_000,
  },
};
