/**
 * The spreadsheet library (README.md): reads .csv, .xlsx and .xls files as streamed records
 * within bounds safe for any upload, and writes .csv and .xlsx streams. No tables, services
 * or routes: a plugin imports what it needs from here.
 */
export { cellText, MAX_CELL, MAX_COLUMNS, MAX_ROWS } from "./cells.ts";
export { csvField, safeCell } from "./cell-safety.ts";
export { type SheetFailure, SheetError } from "./sheet-error.ts";
export { SHEET_LIMITS, type SheetLimits, type SheetLimitsOption, sheetLimits } from "./sheet-limits.ts";
export { type ReadOptions, readSheet, type SheetFormat, type SheetRecord, sniffFormat } from "./sheet-reader.ts";
export { type CsvOptions, csvStream, type RowPages, type XlsxOptions, xlsxStream } from "./sheet-writer.ts";
export { xlsToRows } from "./xls-rows.ts";
export { PDF_MAX_ROWS, type PdfOptions, type PdfTable, pdfDocument, pdfString } from "./pdf-writer.ts";
export { csvBytes, ZIP_MAX_BYTES, type ZipFile, zipFiles } from "./zip-writer.ts";
