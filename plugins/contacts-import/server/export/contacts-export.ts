import { csvStream as sheetCsv, xlsxStream as sheetXlsx } from "../../../../core/spreadsheet/index.ts";
import type { ExportedContact } from "../../../contacts/server/contacts.contract.ts";
import type { ExportLang } from "../../shared/export-file.ts";
import { EXPORT_HEADERS } from "./export-headers.ts";

/** Contacts read per query while exporting. */
const PAGE = 500;

/**
 * Excel reads a CSV with the list separator of the user's region: `;` where the decimal mark
 * is a comma (Brazil, Spain, Turkey), `,` in English. Our import reads either.
 */
export const csvDelimiter = (lang: ExportLang) => (lang === "en" ? "," : ";");

const cellsOf = (c: ExportedContact) => [c.name, c.number, c.email, c.tags.join(", ")];

async function* rows(pages: AsyncIterable<ExportedContact[]>): AsyncGenerator<string[][]> {
  for await (const page of pages) yield page.map(cellsOf);
}

/**
 * The contacts as CSV, page by page (the spreadsheet library's writer: UTF-8 with a byte-order
 * mark, CRLF, formula-safe cells), the header row in the user's language.
 */
export function csvStream(pages: AsyncIterable<ExportedContact[]>, lang: ExportLang): ReadableStream<Uint8Array> {
  return sheetCsv(rows(pages), { header: EXPORT_HEADERS[lang], delimiter: csvDelimiter(lang) });
}

/** The contacts as .xlsx, streamed as rows arrive, numbers kept as text (the spreadsheet library's writer). */
export function xlsxStream(pages: AsyncIterable<ExportedContact[]>, lang: ExportLang): ReadableStream<Uint8Array> {
  const sheetName = EXPORT_HEADERS[lang][0] === "Nome" ? "Contatos" : "Contacts";
  return sheetXlsx(rows(pages), { sheetName, header: EXPORT_HEADERS[lang], widths: [32, 18, 32, 32] });
}

export { PAGE as EXPORT_PAGE };
