/**
 * Spreadsheets built byte by byte for the readers' limit tests (here, contacts-import) and the upload fuzz: zip archives
 * whose entries can lie about their sizes, deflate streams that unpack to gigabytes from a few
 * kilobytes, and minimal .xlsx parts around a given sheet. Node's zlib only (tests run on Node).
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

export interface ZipPart {
  name: string;
  /** The entry's uncompressed bytes (for `crc` and the honest sizes); ignored when `raw` is given. */
  data?: Uint8Array | string;
  /** Already-compressed bytes (a bomb): written as they are, with `size` as the declared size. */
  raw?: Uint8Array;
  /** 8 deflate (default), 0 stored. */
  method?: 0 | 8;
  /** Declared uncompressed size, when it should lie. */
  size?: number;
  /** General-purpose flags (bit 0: encrypted). */
  flags?: number;
}

const text = new TextEncoder();
const bytesOf = (d: Uint8Array | string | undefined) => (typeof d === "string" ? text.encode(d) : (d ?? new Uint8Array()));

/** A zip archive of these parts, in this order, with a central directory that says what each part says. */
export function zipOf(parts: ZipPart[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = bytesOf(part.data);
    const method = part.method ?? 8;
    const body = part.raw ?? (method === 8 ? new Uint8Array(deflateRawSync(data)) : data);
    const size = part.size ?? data.length;
    const name = text.encode(part.name);
    const crc = part.raw ? 0 : crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, part.flags ?? 0, true);
    local.setUint16(8, method, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, body.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, part.flags ?? 0, true);
    entry.setUint16(10, method, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, body.length, true);
    entry.setUint32(24, size, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    chunks.push(new Uint8Array(local.buffer), name, body);
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + body.length;
  }
  const centralSize = central.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, parts.length, true);
  end.setUint16(10, parts.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  const all = [...chunks, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * A raw deflate stream that unpacks to `head`, then `unit` repeated `times` times, then `tail`,
 * without ever holding the unpacked bytes: `unit` is compressed once, with a full flush so the
 * piece stands alone, and the piece is repeated. About 1 MiB of `unit` compresses to ~1 KiB.
 */
export function deflateRepeated(head: string, unit: string, times: number, tail: string): Uint8Array {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const first = new Uint8Array(deflateRawSync(text.encode(head), flush));
  let block = unit;
  let repeat = times;
  // Units of a few bytes compress badly alone: group them to about 1 MiB.
  const group = Math.max(1, Math.floor((1 << 20) / Math.max(1, unit.length)));
  if (times >= group) {
    block = unit.repeat(group);
    repeat = Math.floor(times / group);
  }
  const piece = new Uint8Array(deflateRawSync(text.encode(block), flush));
  const rest = times - repeat * (block.length / Math.max(1, unit.length));
  const last = new Uint8Array(deflateRawSync(text.encode(unit.repeat(rest) + tail)));
  const out = new Uint8Array(first.length + piece.length * repeat + last.length);
  out.set(first, 0);
  for (let i = 0; i < repeat; i += 1) out.set(piece, first.length + i * piece.length);
  out.set(last, first.length + piece.length * repeat);
  return out;
}

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts every .xlsx needs around its first sheet (the workbook, its relationships, the content types). */
export function workbookParts(): ZipPart[] {
  return [
    {
      name: "[Content_Types].xml",
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    },
    {
      name: "_rels/.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: "xl/workbook.xml",
      data: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
  ];
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = "</sheetData></worksheet>";
export const STRINGS_HEAD = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`;
export const STRINGS_TAIL = "</sst>";

/** A sheet row of inline strings (no shared strings needed). */
export function inlineRow(r: number, cells: string[]): string {
  const letters = (i: number) => String.fromCharCode(65 + i);
  return `<row r="${r}">${cells.map((c, i) => `<c r="${letters(i)}${r}" t="inlineStr"><is><t>${c}</t></is></c>`).join("")}</row>`;
}

/** An .xlsx of a header and `rows` contacts, as inline strings: the sheet written before anything else. */
export function contactsSheet(rows: number, from = 0): string {
  const body = [inlineRow(1, ["Nome", "Número"])];
  for (let i = 0; i < rows; i += 1) body.push(inlineRow(i + 2, [`Pessoa ${from + i}`, `55119${String(from + i).padStart(8, "0")}`]));
  return SHEET_HEAD + body.join("") + SHEET_TAIL;
}

/** The bytes as the upload route's File. */
export const fileOf = (bytes: Uint8Array, name: string) => new File([bytes as Uint8Array<ArrayBuffer>], name);
