import { csvField, safeCell } from "./cell-safety.ts";
import { pageEncoder } from "./page-encoder.ts";
import { xlsxPages } from "./xlsx-writer.ts";

/** What both writers take: rows of text arriving page by page (a page is read only when the previous one left). */
export type RowPages = AsyncIterable<string[][]>;

export interface CsvOptions {
  /** The first row (column names), written before any page. */
  header: string[];
  /** `;` where the decimal mark is a comma (Brazil, Spain, Turkey: what Excel expects there), `,` in English. */
  delimiter: string;
}

/**
 * Rows as CSV, page by page: UTF-8 with a byte-order mark (without it Excel reads accents as
 * Latin-1), CRLF line ends, every cell formula-safe (cell-safety.ts). Cancelling the stream
 * ends the pages' iterator.
 * @example return new Response(csvStream(pages, { header: ["Nome", "Número"], delimiter: ";" }));
 */
export function csvStream(pages: RowPages, options: CsvOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { delimiter } = options;
  const text = (cells: string[]) => `${cells.map((c) => csvField(c, delimiter)).join(delimiter)}\r\n`;
  const page = pageEncoder();
  const pageBytes = (rows: string[][]): Uint8Array => {
    for (const cells of rows) page.add(text(cells));
    return page.take();
  };
  const iterator = pages[Symbol.asyncIterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(new Uint8Array([0xef, 0xbb, 0xbf]));
        controller.enqueue(encoder.encode(text(options.header)));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(pageBytes(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

export interface XlsxOptions {
  /** The one sheet's name. */
  sheetName: string;
  /** The first row, bold and frozen (it stays on screen while scrolling). */
  header: string[];
  /** Column widths in characters, in column order. */
  widths?: number[];
}

/**
 * Rows as a one-sheet .xlsx, streamed page by page (xlsx-writer.ts: sheet XML through one
 * native deflate stream, a zip with data descriptors; memory stays one page), every cell as
 * formula-safe text so no digit of a phone number is lost to scientific notation.
 * @example return new Response(xlsxStream(pages, { sheetName: "Contatos", header: ["Nome", "Número"], widths: [32, 18] }));
 */
export function xlsxStream(pages: RowPages, options: XlsxOptions): ReadableStream<Uint8Array> {
  async function* safe() {
    for await (const page of pages) yield page.map((cells) => cells.map(safeCell));
  }
  return xlsxPages(safe(), { ...options, header: options.header });
}
