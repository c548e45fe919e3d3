import { PassThrough, Readable } from "node:stream";
import type { ExportedContact } from "../../../contacts/server/contacts.contract.ts";
import type { ExportLang } from "../../shared/export-file.ts";
import { EXPORT_HEADERS } from "./export-headers.ts";

/** Contacts read per query while exporting. */
const PAGE = 500;

/**
 * A cell a spreadsheet program could run as a formula (`=`, `+`, `-`, `@`, and tab or carriage
 * return before them) gets a leading apostrophe, the usual defence against formula injection
 * (a contact named `=HYPERLINK(...)` by a customer). The import removes it again.
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV field: quoted when it holds the delimiter, a quote or a line break (and formula-safe, see safeCell). */
export function csvField(value: string, delimiter: string): string {
  const v = safeCell(value);
  return v.includes(delimiter) || /["\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/**
 * Excel reads a CSV with the list separator of the user's region: `;` where the decimal mark
 * is a comma (Brazil, Spain, Turkey), `,` in English. Our import reads either.
 */
export const csvDelimiter = (lang: ExportLang) => (lang === "en" ? "," : ";");

const cellsOf = (c: ExportedContact) => [c.name, c.number, c.email, c.tags.join(", ")];

/**
 * The contacts as CSV, page by page: UTF-8 with a byte-order mark (without it Excel reads
 * accents as Latin-1), CRLF line ends, the header row in the user's language.
 */
export function csvStream(pages: AsyncIterable<ExportedContact[]>, lang: ExportLang): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const delimiter = csvDelimiter(lang);
  const line = (cells: string[]) => encoder.encode(`${cells.map((c) => csvField(c, delimiter)).join(delimiter)}\r\n`);
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(new Uint8Array([0xef, 0xbb, 0xbf]));
        controller.enqueue(line(EXPORT_HEADERS[lang]));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      const parts = next.value.map((c) => line(cellsOf(c)));
      const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      controller.enqueue(out);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * The contacts as .xlsx, written by ExcelJS's streaming writer as rows arrive (each row is
 * committed and leaves memory), numbers as text so no digit is lost to scientific notation.
 */
export function xlsxStream(pages: AsyncIterable<ExportedContact[]>, lang: ExportLang): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  void (async () => {
    try {
      const { default: ExcelJS } = await import("exceljs");
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
      const sheet = book.addWorksheet(EXPORT_HEADERS[lang][0] === "Nome" ? "Contatos" : "Contacts", { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = [{ width: 32 }, { width: 18 }, { width: 32 }, { width: 32 }];
      const header = sheet.addRow(EXPORT_HEADERS[lang]);
      header.font = { bold: true };
      header.commit();
      for await (const page of pages) {
        for (const c of page) sheet.addRow(cellsOf(c).map(safeCell)).commit();
        // Let the response drain before the next page is read.
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
      }
      sheet.commit();
      await book.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
}

export { PAGE as EXPORT_PAGE };
