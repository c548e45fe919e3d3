import { constants, crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { pageEncoder } from "./page-encoder.ts";

/*
 * A one-sheet .xlsx written as a stream, by hand (issue 28): ExcelJS's streaming writer held
 * ~170 MB and took 4–13 s for 100,000 rows of 11 cells (its zip buffers behind the response).
 * Here each page of rows becomes sheet XML (inline strings: no shared-string table to keep),
 * goes through one native raw-deflate stream flushed per page, and leaves at once; the zip
 * entry's CRC and sizes follow it in a data descriptor (APPNOTE 4.3.9), and the central
 * directory closes the file. Memory: one page and its compressed bytes.
 */

const enc = new TextEncoder();
const MAX_CELL = 32_767; // Excel's limit of characters in a cell
const MAX_ZIP32 = 0xffff_ffff;
/** Sheet XML written to deflate between two flushes (its compressed bytes then leave). */
const FLUSH_BYTES = 512 * 1024;

/** Text as XML character data: escaped, without the characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/F). */
export function xmlText(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
  const clean = s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "");
  return clean.replace(/[&<>"]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&quot;"));
}

/** Column letters of a 0-based index: 0 → A, 26 → AA. */
function letters(i: number): string {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The first columns' letters made once: a report's 1.1 million cells made two strings each for them. */
const LETTERS = Array.from({ length: 64 }, (_, i) => letters(i));
const column = (i: number) => LETTERS[i] ?? letters(i);

/** One row of inline-string cells; style 1 is the bold header. */
export function rowXml(r: number, cells: readonly string[], style = 0): string {
  let out = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const text = cells[i]!.length > MAX_CELL ? cells[i]!.slice(0, MAX_CELL) : cells[i]!;
    const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
    out += `<c r="${column(i)}${r}" t="inlineStr"${style ? ` s="${style}"` : ""}><is><t${space}>${xmlText(text)}</t></is></c>`;
  }
  return `${out}</row>`;
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1";

function staticParts(name: string): [string, string][] {
  return [
    [
      "[Content_Types].xml",
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ],
    ["_rels/.rels", `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ["xl/workbook.xml", `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${xmlText(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    [
      "xl/_rels/workbook.xml.rels",
      `${XML}<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      "xl/styles.xml",
      `${XML}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ],
  ];
}

interface Entry {
  name: Uint8Array;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The zip's records (little-endian); DOS time 0 (1980-01-01), UTF-8 names (flag 11), deflate. */
function localHeader(name: Uint8Array, streamed: boolean, e?: Omit<Entry, "name" | "offset">): Uint8Array {
  const b = new Uint8Array(30 + name.length);
  const v = new DataView(b.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, 20, true);
  v.setUint16(6, 0x0800 | (streamed ? 0x0008 : 0), true);
  v.setUint16(8, 8, true);
  v.setUint16(10, 0, true);
  v.setUint16(12, 0x21, true);
  v.setUint32(14, e?.crc ?? 0, true);
  v.setUint32(18, e?.compressed ?? 0, true);
  v.setUint32(22, e?.size ?? 0, true);
  v.setUint16(26, name.length, true);
  v.setUint16(28, 0, true);
  b.set(name, 30);
  return b;
}

function dataDescriptor(e: Entry): Uint8Array {
  const b = new Uint8Array(16);
  const v = new DataView(b.buffer);
  v.setUint32(0, 0x08074b50, true);
  v.setUint32(4, e.crc, true);
  v.setUint32(8, e.compressed, true);
  v.setUint32(12, e.size, true);
  return b;
}

function centralDirectory(entries: readonly (Entry & { streamed: boolean })[], at: number): Uint8Array {
  const size = entries.reduce((n, e) => n + 46 + e.name.length, 0);
  const b = new Uint8Array(size + 22);
  const v = new DataView(b.buffer);
  let p = 0;
  for (const e of entries) {
    v.setUint32(p, 0x02014b50, true);
    v.setUint16(p + 4, 20, true);
    v.setUint16(p + 6, 20, true);
    v.setUint16(p + 8, 0x0800 | (e.streamed ? 0x0008 : 0), true);
    v.setUint16(p + 10, 8, true);
    v.setUint16(p + 12, 0, true);
    v.setUint16(p + 14, 0x21, true);
    v.setUint32(p + 16, e.crc, true);
    v.setUint32(p + 20, e.compressed, true);
    v.setUint32(p + 24, e.size, true);
    v.setUint16(p + 28, e.name.length, true);
    v.setUint32(p + 42, e.offset, true);
    b.set(e.name, p + 46);
    p += 46 + e.name.length;
  }
  v.setUint32(p, 0x06054b50, true);
  v.setUint16(p + 8, entries.length, true);
  v.setUint16(p + 10, entries.length, true);
  v.setUint32(p + 12, size, true);
  v.setUint32(p + 16, at, true);
  return b;
}

export interface XlsxWriterOptions {
  sheetName: string;
  header: string[];
  widths?: number[];
}

/**
 * The .xlsx as a pull stream: the next page is read when the response took the last one's
 * bytes. Cells are written as given (the caller makes them formula-safe). Over 4 GiB the zip
 * would need Zip64: the stream fails instead of writing a broken file.
 */
export function xlsxPages(pages: AsyncIterable<string[][]>, options: XlsxWriterOptions): ReadableStream<Uint8Array> {
  const it = pages[Symbol.asyncIterator]();
  const entries: (Entry & { streamed: boolean })[] = [];
  let offset = 0;
  let row = 1;
  let state: "start" | "rows" | "done" = "start";
  const sheet = { name: enc.encode("xl/worksheets/sheet1.xml"), crc: 0, compressed: 0, size: 0, offset: 0 };
  const deflate = createDeflateRaw({ level: 6 });
  let unflushed = 0;
  const out: Uint8Array[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)));

  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, bytes: Uint8Array) => {
    offset += bytes.length;
    if (offset > MAX_ZIP32) throw new Error("xlsx larger than 4 GiB");
    controller.enqueue(bytes);
  };
  /** Some sheet XML through the deflate stream; its compressed bytes so far leave at once. */
  const sheetXml = async (controller: ReadableStreamDefaultController<Uint8Array>, xml: string | Uint8Array, last = false) => {
    const bytes = typeof xml === "string" ? enc.encode(xml) : xml;
    sheet.crc = crc32(bytes, sheet.crc);
    sheet.size += bytes.length;
    if (sheet.size > MAX_ZIP32) throw new Error("xlsx sheet larger than 4 GiB");
    deflate.write(bytes);
    unflushed += bytes.length;
    // Small pages are only written: a sync flush per page cost CPU and ratio (a report's pages
    // of 250 rows took twice as long). Every FLUSH_BYTES, and at the end, what deflate made leaves.
    if (!last && unflushed < FLUSH_BYTES) return;
    unflushed = 0;
    // The last bytes come out by 'end' (after 'finish'); a flush's, by its callback.
    await new Promise<void>((resolve) => (last ? deflate.once("end", resolve).end() : deflate.flush(constants.Z_SYNC_FLUSH, () => resolve())));
    for (const chunk of out.splice(0)) {
      sheet.compressed += chunk.length;
      emit(controller, chunk);
    }
  };

  // A page's rows encoded one by one into one buffer (page-encoder.ts).
  const page = pageEncoder(256 * 1024);
  const pageBytes = (rows: readonly string[][]): Uint8Array => {
    for (const cells of rows) page.add(rowXml(row++, cells));
    return page.take();
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (state === "start") {
        state = "rows";
        for (const [name, text] of staticParts(options.sheetName)) {
          const data = enc.encode(text);
          const packed = deflateRawSync(data);
          const e = { name: enc.encode(name), crc: crc32(data), compressed: packed.length, size: data.length, offset, streamed: false };
          entries.push(e);
          emit(controller, localHeader(e.name, false, e));
          emit(controller, packed);
        }
        sheet.offset = offset;
        emit(controller, localHeader(sheet.name, true));
        const cols = options.widths?.length ? `<cols>${options.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("")}</cols>` : "";
        const head = `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
        await sheetXml(controller, head + rowXml(row++, options.header, 1));
        return;
      }
      if (state === "done") return;
      // Pages until some bytes left: a pull that enqueues nothing may never be called again.
      const before = offset;
      for (;;) {
        const next = await it.next();
        if (next.done) break;
        await sheetXml(controller, pageBytes(next.value));
        if (offset > before) return;
      }
      state = "done";
      await sheetXml(controller, "</sheetData></worksheet>", true);
      entries.push({ ...sheet, streamed: true });
      emit(controller, dataDescriptor(sheet));
      emit(controller, centralDirectory(entries, offset));
      controller.close();
    },
    async cancel() {
      deflate.destroy();
      await it.return?.();
    },
  });
}
