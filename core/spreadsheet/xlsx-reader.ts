import { pipeline, type Readable } from "node:stream";
import type { Row } from "exceljs";
import { badFile, SheetError } from "./sheet-error.ts";
import type { SheetLimits } from "./sheet-limits.ts";
import { type XmlBounds, XmlGuard } from "./xml-guard.ts";
import { entryStream, openZip, type ZipArchive } from "./zip-archive.ts";

/**
 * The parts of exceljs's stream reader (4.4.0, lib/stream/xlsx/workbook-reader.js) this file
 * drives one by one. Its own `parse()` walks the zip in stored order with unzipper: it writes
 * a sheet stored before the shared strings to a temp file (removed only if the whole sheet is
 * read: a preview never does), waits forever on a truncated archive, and unpacks whatever
 * sizes the archive holds. We read the central directory ourselves and hand exceljs each part
 * we want, bounded, in the order it needs them: no temp file, no unbounded unpacking.
 */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(chunks: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<Row> }>;
  model?: { sheets?: { rId?: string }[] };
  workbookRels?: { Id?: string; Target?: string; Type?: string }[];
  sharedStrings?: unknown[];
}

/** A relationship's target as a path in the archive (relative to xl/, or absolute from the root). */
const partPath = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target}`).replace(/\/\.\//g, "/");

/** The first sheet: the workbook's first `<sheet>`, else the lowest-numbered sheet part. */
function firstSheet(book: WorkbookParts, archive: ZipArchive): string | undefined {
  const rId = book.model?.sheets?.[0]?.rId;
  const target = book.workbookRels?.find((r) => r.Id === rId)?.Target;
  if (target && archive.entries.has(partPath(target))) return partPath(target);
  const number = (name: string) => Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? Number.NaN);
  return [...archive.entries.keys()].filter((n) => !Number.isNaN(number(n))).sort((x, y) => number(x) - number(y))[0];
}

/**
 * The rows of an .xlsx's first sheet, as exceljs reads them, with every bound of `limits`
 * applied: the zip's directory checked before any unpacking, each part held to its declared
 * and allowed size while it unpacks, the XML checked as it streams (xml-guard.ts), and no more
 * than `limits.xml.strings` shared strings. Aborting `signal` (the caller's time limit)
 * destroys the open streams; leaving early closes them too.
 */
export async function* xlsxRows(path: string, limits: SheetLimits, signal?: AbortSignal): AsyncGenerator<Row> {
  const archive = await openZip(path, limits.zip);
  const { default: ExcelJS } = await import("exceljs");
  const options = { sharedStrings: "cache", hyperlinks: "ignore", styles: "ignore", worksheets: "emit", entries: "ignore" } as const;
  const book = new ExcelJS.stream.xlsx.WorkbookReader(path, options) as unknown as WorkbookParts;
  const open = new Set<Readable>();
  const stop = () => {
    for (const stream of open) stream.destroy(signal?.reason instanceof Error ? signal.reason : new SheetError("timeout"));
  };
  signal?.addEventListener("abort", stop, { once: true });
  const part = async (name: string, maxBytes: number, bounds: XmlBounds): Promise<Readable | null> => {
    if (signal?.aborted) throw signal.reason;
    const entry = archive.entries.get(name);
    if (!entry) return null;
    const bytes = await entryStream(archive, entry, maxBytes);
    const xml = new XmlGuard(bounds);
    xml.on("error", () => {});
    pipeline(bytes, xml, () => {});
    open.add(xml);
    xml.once("close", () => open.delete(xml));
    return xml;
  };
  try {
    const small = { run: limits.xml.run };
    const rels = await part("xl/_rels/workbook.xml.rels", limits.zip.partBytes, small);
    if (rels) await book._parseRels(rels);
    const workbook = await part("xl/workbook.xml", limits.zip.partBytes, small);
    if (!workbook) throw badFile();
    await book._parseWorkbook(workbook);
    const stringsRel = book.workbookRels?.find((r) => r.Type?.endsWith("/sharedStrings"))?.Target;
    const strings = await part(stringsRel ? partPath(stringsRel) : "xl/sharedStrings.xml", limits.zip.stringsBytes, {
      run: limits.xml.run,
      unit: { tag: "si", chars: limits.xml.stringChars, max: limits.xml.strings, fromStart: true },
    });
    if (strings) for await (const _ of book._parseSharedStrings(strings));
    const sheetPath = firstSheet(book, archive);
    if (!sheetPath) throw badFile();
    const sheetStream = await part(sheetPath, limits.zip.entryBytes, { run: limits.xml.run, unit: { tag: "row", chars: limits.xml.rowChars }, drop: "cols" });
    const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPath)?.[1] ?? "1";
    const sheet = book._parseWorksheet(sheetStream!, sheetNo).next().value?.value;
    if (!sheet) throw badFile();
    yield* sheet;
  } finally {
    signal?.removeEventListener("abort", stop);
    for (const stream of open) stream.destroy();
  }
}
