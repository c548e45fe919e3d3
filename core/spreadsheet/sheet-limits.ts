import { MAX_ROWS } from "./cells.ts";

const MiB = 1 << 20;

/**
 * The bounds the readers hold a file to, so the process survives any file a user uploads
 * (the README's "Limits"). Every reader takes `limits` as an option: what it leaves out comes
 * from SHEET_LIMITS, sized for a genuine list of at most 20 MB with room to spare.
 */
export interface SheetLimits {
  /** Records a read yields at most; one more and it fails with "too-many-rows". */
  records: number;
  /** An .xls is parsed whole on a worker thread; after this long it is given up and refused ("bad-file"). */
  xlsParseMs: number;
  /** An .xlsx is a zip: what its central directory may declare, checked before anything is unpacked. */
  zip: {
    /** Entries in the archive (a workbook has a few dozen). */
    entries: number;
    /** Unpacked size of any one entry (a sheet of 1,000,000 three-column rows is about 170 MB). */
    entryBytes: number;
    /** Unpacked size of all the entries together. */
    totalBytes: number;
    /** Unpacked size of the shared strings (about 55 MB for 2,000,000 names and e-mails). */
    stringsBytes: number;
    /** Unpacked size of the workbook and its relationships (a few KB in any real file). */
    partBytes: number;
    /** Unpacked ÷ packed, for an entry over `ratioFrom`: spreadsheets pack 10–20 times; zip bombs, about a thousand. */
    ratio: number;
    ratioFrom: number;
  };
  /** The XML read from the archive, checked as it streams (the declared sizes may lie; these cannot). */
  xml: {
    /** Characters from one `<` to the next: a cell holds 32,767 characters at most. */
    run: number;
    /** Characters from one sheet row to the next: the row being read is the part held in memory. */
    rowChars: number;
    /** Characters from one shared string to the next. */
    stringChars: number;
    /** Shared strings (distinct texts) in a workbook. */
    strings: number;
  };
}

/** The defaults: safe for any upload. A caller may lower them (or raise them, knowingly). */
export const SHEET_LIMITS: Readonly<SheetLimits> = Object.freeze({
  // A million data rows and their header.
  records: MAX_ROWS + 1,
  xlsParseMs: 60_000,
  zip: Object.freeze({
    entries: 10_000,
    entryBytes: 512 * MiB,
    totalBytes: 1024 * MiB,
    stringsBytes: 64 * MiB,
    partBytes: 16 * MiB,
    ratio: 100,
    ratioFrom: MiB,
  }),
  xml: Object.freeze({
    run: MiB,
    rowChars: 16 * MiB,
    stringChars: MiB,
    strings: 2_000_000,
  }),
});

/** What a caller passes: any part of the limits, the rest from SHEET_LIMITS. */
export interface SheetLimitsOption {
  records?: number;
  xlsParseMs?: number;
  zip?: Partial<SheetLimits["zip"]>;
  xml?: Partial<SheetLimits["xml"]>;
}

/** The caller's limits over the defaults. */
export function sheetLimits(given: SheetLimitsOption = {}): SheetLimits {
  return {
    records: given.records ?? SHEET_LIMITS.records,
    xlsParseMs: given.xlsParseMs ?? SHEET_LIMITS.xlsParseMs,
    zip: { ...SHEET_LIMITS.zip, ...given.zip },
    xml: { ...SHEET_LIMITS.xml, ...given.xml },
  };
}
