import { Transform, type TransformCallback } from "node:stream";
import { badFile as bad, tooLarge } from "./sheet-error.ts";

/**
 * What one XML part of a workbook may do, so that the parser behind it (exceljs over saxes)
 * never holds more than a bounded amount: both keep a text, a tag, or a row being built whole
 * until it ends.
 */
export interface XmlBounds {
  /** Characters from one `<` to the next (a text node, or a tag with its attributes). */
  run: number;
  /** An element that starts a unit the parser keeps whole until the next one (`row`, `si`). */
  unit?: { tag: string; chars: number; max?: number; fromStart?: boolean };
  /** An element left out of what the parser sees (a sheet's `cols`: exceljs makes one object per column its `max` names). */
  drop?: string;
}

const NAME = /\/?[A-Za-z_][\w.:-]*/y;
/** Longer tag names are not XML a spreadsheet writes. */
const MAX_NAME = 256;

/** Where the tag that starts at `from` ends (its `>`, quotes respected), or -1 when it goes on in the next chunk. */
function tagEnd(text: string, from: number): number {
  let quote = "";
  for (let i = from; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ">") return i;
  }
  return -1;
}

/**
 * Decodes an XML part (UTF-8, split between chunks safely: exceljs decodes each chunk on its own)
 * and passes it on as text, checking as it goes what the parser would otherwise hold: every
 * run between two `<` within `run`, every unit within its size and count. Declarations (`<!`:
 * DOCTYPE, CDATA, comments) and processing instructions after the first tag are refused: a
 * spreadsheet's parts have none, and their content is not split by tags.
 */
export class XmlGuard extends Transform {
  private decoder = new TextDecoder("utf-8");
  /** Text from an unfinished tag, read again with the next chunk. */
  private pending = "";
  /** Characters since the last `<`. */
  private run = 0;
  /** Input characters before the current text. */
  private consumed = 0;
  private unitStart: number;
  private units = 0;
  private tagged = false;
  private dropping = false;

  constructor(private bounds: XmlBounds) {
    super({ readableObjectMode: true });
    this.unitStart = bounds.unit?.fromStart ? 0 : -1;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      const out = this.scan(this.decoder.decode(chunk, { stream: true }));
      done(null, out || undefined);
    } catch (err) {
      done(err as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      const out = this.scan(this.decoder.decode());
      // A tag cut off by the end of the part.
      if (this.pending) throw bad();
      done(null, out || undefined);
    } catch (err) {
      done(err as Error);
    }
  }

  private scan(chunk: string): string {
    const text = this.pending + chunk;
    const base = this.consumed;
    this.pending = "";
    let out = "";
    let from = 0;
    let i = 0;
    let keep = text.length;
    for (;;) {
      const lt = text.indexOf("<", i);
      this.run += (lt < 0 ? text.length : lt) - i;
      if (this.run > this.bounds.run) throw tooLarge();
      if (lt < 0) break;
      const marker = text[lt + 1];
      // The tag goes on in the next chunk: read it again with that chunk.
      if (marker === undefined || (marker === "/" && lt + 2 >= text.length)) {
        keep = lt;
        break;
      }
      if (marker === "!") throw bad();
      if (marker === "?") {
        // The XML declaration, before any tag; a processing instruction anywhere else.
        if (this.tagged) throw bad();
        this.tagged = true;
        this.run = 0;
        i = lt + 2;
        continue;
      }
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)?.[0];
      if (!name || name.length >= MAX_NAME) throw bad();
      const after = lt + 1 + name.length;
      if (after >= text.length) {
        keep = lt;
        break;
      }
      this.tagged = true;
      this.run = 0;
      i = after;
      const closing = name.startsWith("/");
      const local = closing ? name.slice(1) : name;
      if (this.dropping) {
        if (!closing || local !== this.bounds.drop) continue;
        const end = text.indexOf(">", after);
        if (end < 0) {
          keep = lt;
          break;
        }
        this.dropping = false;
        from = i = end + 1;
        continue;
      }
      if (!closing && local === this.bounds.drop) {
        const end = tagEnd(text, after);
        if (end < 0) {
          keep = lt;
          break;
        }
        out += text.slice(from, lt);
        this.dropping = text[end - 1] !== "/";
        from = i = end + 1;
        continue;
      }
      const unit = this.bounds.unit;
      if (unit && !closing && local === unit.tag) {
        const at = base + lt;
        if (this.unitStart >= 0 && at - this.unitStart > unit.chars) throw tooLarge();
        this.unitStart = at;
        this.units += 1;
        if (unit.max !== undefined && this.units > unit.max) throw tooLarge();
      }
    }
    if (!this.dropping) out += text.slice(from, Math.max(from, keep));
    this.pending = text.slice(keep);
    if (this.pending.length > this.bounds.run) throw tooLarge();
    // The part of the run that is carried over is counted again when it is read again.
    if (keep < text.length) this.run = 0;
    this.consumed = base + keep;
    const unit = this.bounds.unit;
    if (unit && this.unitStart >= 0 && this.consumed - this.unitStart > unit.chars) throw tooLarge();
    return out;
  }
}
