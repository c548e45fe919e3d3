/*
 * A minimal PDF writer for report tables (issue 28's further reports): text only, the standard
 * Helvetica fonts every reader has (no font embedded), WinAnsi encoding so Portuguese, Spanish
 * and Turkish-in-Latin-1 accents print, landscape A4 pages. Content streams stay uncompressed:
 * a report is at most a few thousand short rows, and plain streams keep the file inspectable.
 * Written by hand rather than with a PDF library: one document shape (titled tables), ~150
 * lines, no dependency to audit or keep up to date.
 */

export interface PdfTable {
  title: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface PdfOptions {
  /** The document's first line and its Info title. */
  title: string;
  /** A line under the title (the range, when it was made). */
  subtitle?: string;
}

/** Rows one document may hold: the caller's reports are bounded; this bounds the file whatever they pass. */
export const PDF_MAX_ROWS = 20_000;

const PAGE_W = 842;
const PAGE_H = 595;
const MARGIN = 36;
const SIZE = 9;
const LEAD = 13;

/** Unicode → WinAnsi (cp1252) for the code points 0x80–0x9F that differ from Latin-1. */
const CP1252: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/**
 * A PDF string literal of `text` in WinAnsi bytes (as a latin1 JS string): characters outside
 * WinAnsi become `?`, controls a space; `\`, `(` and `)` are escaped.
 */
export function pdfString(text: string): string {
  let out = "(";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let b: number;
    if (cp < 0x20) b = 0x20;
    else if (cp < 0x7f || (cp >= 0xa0 && cp <= 0xff)) b = cp;
    else b = CP1252[cp] ?? 0x3f;
    if (b === 0x5c || b === 0x28 || b === 0x29) out += `\\${String.fromCharCode(b)}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

/** Helvetica's mean advance is about half the size; a cell is cut to what its column holds. */
const fits = (text: string, width: number) => {
  const max = Math.max(1, Math.floor(width / (SIZE * 0.52)));
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
};

/** Column widths in points: proportional to the longest text of each column (bounded), filling the line. */
function widths(table: PdfTable): number[] {
  const n = table.header.length;
  const want = table.header.map((h, i) => {
    let w = Math.min(h.length, 40);
    for (const row of table.rows.slice(0, 500)) w = Math.max(w, Math.min((row[i] ?? "").length, 40));
    return Math.max(w, 4);
  });
  const sum = want.reduce((a, b) => a + b, 0) || n;
  return want.map((w) => ((PAGE_W - 2 * MARGIN) * w) / sum);
}

/** The document's bytes: one or more pages of titled tables, a header line bold on each page. */
export function pdfDocument(tables: readonly PdfTable[], options: PdfOptions): Uint8Array {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  const text = (font: "F1" | "F2", size: number, x: number, s: string) => ops.push(`BT /${font} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(s)} Tj ET`);
  const newPage = () => {
    if (ops.length) pages.push(ops.join("\n"));
    ops = [];
    y = PAGE_H - MARGIN;
  };
  const line = (font: "F1" | "F2", cols: number[], cells: readonly string[]) => {
    let x = MARGIN;
    cols.forEach((w, i) => {
      const cell = fits(cells[i] ?? "", w - 4);
      if (cell) text(font, SIZE, x, cell);
      x += w;
    });
    y -= LEAD;
  };
  text("F2", 14, MARGIN, options.title);
  y -= 20;
  if (options.subtitle) {
    text("F1", SIZE, MARGIN, options.subtitle);
    y -= LEAD;
  }
  let budget = PDF_MAX_ROWS;
  for (const table of tables) {
    const cols = widths(table);
    if (y < MARGIN + 4 * LEAD) newPage();
    y -= 6;
    text("F2", 11, MARGIN, table.title);
    y -= LEAD + 2;
    line("F2", cols, table.header);
    for (const row of table.rows) {
      if (budget-- <= 0) break;
      if (y < MARGIN) {
        newPage();
        line("F2", cols, table.header);
      }
      line("F1", cols, row);
    }
  }
  newPage();

  // Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${6 + 2 * i} 0 R`).join(" ");
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  objects.push("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  objects.push(`<< /Title ${pdfString(options.title)} /Producer (Atendechat) >>`);
  pages.forEach((content, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + 2 * i} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  });
  // Built as a latin1 string (every char one byte), so offsets are string positions.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(Buffer.from(out, "latin1"));
}
