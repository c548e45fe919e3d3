/**
 * A tiny PDF writer for plain-text documents (the conversation export, spec 000 §9:
 * A4 portrait). No dependency: standard Helvetica fonts in WinAnsi encoding, text wrapped
 * on estimated glyph widths, one uncompressed content stream per page.
 */

export interface PdfLine {
  text: string;
  bold?: boolean;
  /** Font size in points (default 10). */
  size?: number;
  /** Extra indentation in points (continuation lines). */
  indent?: number;
}

export interface PdfOptions {
  /** Page margin in points (default 40). */
  margin?: number;
  title?: string;
}

/** A4 in PostScript points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** WinAnsi bytes of the Unicode characters outside Latin-1 that the encoding has. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "†": 0x86,
  "‡": 0x87,
  ˆ: 0x88,
  "‰": 0x89,
  Š: 0x8a,
  "‹": 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "˜": 0x98,
  "™": 0x99,
  š: 0x9a,
  "›": 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** The text as WinAnsi bytes in a "binary string" (one char per byte); what the fonts cannot show becomes '?'. */
export function toWinAnsi(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === "\t") out += " ";
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += ch;
    else if (WIN_ANSI_EXTRA[ch] !== undefined) out += String.fromCharCode(WIN_ANSI_EXTRA[ch]!);
    else if (code < 0x20) continue;
    else out += "?";
  }
  return out;
}

/** Approximate Helvetica advance widths (in 1/1000 em), by glyph class: enough to keep lines inside the margin. */
function glyphWidth(ch: string, bold: boolean): number {
  let w: number;
  if (" !,./:;I[\\]fijlt|'".includes(ch)) w = 278;
  else if ('()-`r{}"*'.includes(ch)) w = 333;
  else if ("MW@%mw".includes(ch)) w = 944;
  else if (ch >= "A" && ch <= "Z") w = 722;
  else if ("ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ".includes(ch)) w = 722;
  else w = 556;
  return bold ? w + 30 : w;
}

export function textWidth(text: string, size: number, bold = false): number {
  let total = 0;
  for (const ch of text) total += glyphWidth(ch, bold);
  return (total * size) / 1000;
}

/** Splits a line into pieces no wider than `max` points, at spaces when possible. */
export function wrapText(text: string, max: number, size: number, bold = false): string[] {
  const words = text.split(/ +/);
  const lines: string[] = [];
  let current = "";
  const push = () => {
    lines.push(current);
    current = "";
  };
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, size, bold) <= max) {
      current = candidate;
      continue;
    }
    if (current) push();
    // a word wider than the line is cut where it overflows
    let rest = word;
    while (textWidth(rest, size, bold) > max) {
      let cut = 1;
      while (cut < rest.length && textWidth(rest.slice(0, cut + 1), size, bold) <= max) cut++;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current || lines.length === 0) push();
  return lines;
}

const escapePdfString = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
const fmt = (n: number) => (Math.round(n * 100) / 100).toString();

interface PlacedLine {
  text: string;
  bold: boolean;
  size: number;
  x: number;
  y: number;
}

/** Lays the lines out on A4 pages, top to bottom. */
function paginate(lines: PdfLine[], margin: number): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  let y = A4.height - margin;
  for (const line of lines) {
    const size = line.size ?? 10;
    const bold = !!line.bold;
    const indent = line.indent ?? 0;
    const leading = size * 1.4;
    const width = A4.width - 2 * margin - indent;
    for (const piece of wrapText(line.text, width, size, bold)) {
      if (y - leading < margin) {
        pages.push([]);
        y = A4.height - margin;
      }
      y -= leading;
      pages[pages.length - 1]!.push({ text: piece, bold, size, x: margin + indent, y });
    }
  }
  return pages;
}

/** The PDF file for `lines` (A4 portrait). */
export function buildPdf(lines: PdfLine[], options: PdfOptions = {}): Uint8Array {
  const margin = options.margin ?? 40;
  const pages = paginate(
    lines.map((l) => ({ ...l, text: toWinAnsi(l.text) })),
    margin,
  );
  const objects: string[] = [];
  // 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  objects[5] = `<< /Producer (Atendechat) /Title (${escapePdfString(toWinAnsi(options.title ?? ""))}) >>`;
  pages.forEach((placed, i) => {
    const content = placed.map((l) => `BT /${l.bold ? "F2" : "F1"} ${fmt(l.size)} Tf 1 0 0 1 ${fmt(l.x)} ${fmt(l.y)} Tm (${escapePdfString(l.text)}) Tj ET`).join("\n");
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${fmt(A4.width)} ${fmt(A4.height)}] ` + `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  // One char per byte throughout, so string lengths are byte offsets.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 0xff;
  return bytes;
}
