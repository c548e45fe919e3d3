import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvStream, readSheet, type SheetFormat, SHEET_LIMITS, type SheetLimitsOption, xlsxStream } from "./index.ts";
import { contactsSheet, deflateRepeated, SHEET_HEAD, SHEET_TAIL, workbookParts, zipOf } from "./testing/hostile-files.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "sheet-library-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const fileWith = (bytes: Uint8Array | string, ext: string) => {
  const path = join(dir, `f${(n += 1)}.${ext}`);
  writeFileSync(path, bytes);
  return path;
};
const cellsOf = async (format: SheetFormat, path: string, limits?: SheetLimitsOption) => {
  const rows: string[][] = [];
  for await (const record of readSheet(format, path, { limits })) rows.push(record.cells);
  return rows;
};
const bytesOf = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());
async function* pages(...list: string[][][]) {
  yield* list;
}

describe("the limits are the reader's options, with safe defaults", () => {
  it("refuses a zip bomb with the defaults, naming no plugin's code", async () => {
    const bomb = deflateRepeated(SHEET_HEAD, "<row/>", 40_000_000, SHEET_TAIL);
    const path = fileWith(zipOf([...workbookParts(), { name: "xl/worksheets/sheet1.xml", raw: bomb, size: 40_000_000 * 6 + 200 }]), "xlsx");
    await expect(cellsOf("xlsx", path)).rejects.toMatchObject({ name: "SheetError", failure: "too-large" });
  });

  it("a caller's lower bounds apply (zip entries, records), the rest keep their defaults", async () => {
    const sheet = fileWith(zipOf([...workbookParts(), { name: "xl/worksheets/sheet1.xml", data: contactsSheet(5) }]), "xlsx");
    expect(await cellsOf("xlsx", sheet, { records: 6 })).toHaveLength(6);
    await expect(cellsOf("xlsx", sheet, { zip: { entries: 2 } })).rejects.toMatchObject({ failure: "too-large" });
    await expect(cellsOf("xlsx", sheet, { records: 5 })).rejects.toMatchObject({ failure: "too-many-rows" });
    const csv = fileWith("a;b\n1;2\n3;4\n", "csv");
    expect(await cellsOf("csv", csv, { records: 3 })).toEqual([
      ["a", "b"],
      ["1", "2"],
      ["3", "4"],
    ]);
    await expect(cellsOf("csv", csv, { records: 2 })).rejects.toMatchObject({ failure: "too-many-rows" });
    expect(SHEET_LIMITS.records).toBe(1_000_001);
  });

  it("a stopped read is a timeout", async () => {
    const csv = fileWith("a;b\n1;2\n", "csv");
    const read = async () => {
      for await (const _ of readSheet("csv", csv, { signal: AbortSignal.abort() }));
    };
    await expect(read()).rejects.toMatchObject({ failure: "timeout" });
  });

  it("reads a Windows-1252 CSV (what Excel on Windows saves) with its accents", async () => {
    const latin = new Uint8Array([...Buffer.from("Nome;Cidade\nJo"), 0xe3, ...Buffer.from("o;S"), 0xe3, ...Buffer.from("o Paulo\n")]);
    expect(await cellsOf("csv", fileWith(latin, "csv"))).toEqual([
      ["Nome", "Cidade"],
      ["João", "São Paulo"],
    ]);
  });
});

describe("the writers", () => {
  const rows = [
    ["Ana", "5511987654321"],
    ['=HYPERLINK("x")', 'Bia; "B"'],
  ];

  it("an .xlsx written page by page reads back whole, numbers as text and formulas defused", async () => {
    const path = fileWith(await bytesOf(xlsxStream(pages(rows.slice(0, 1), rows.slice(1)), { sheetName: "Planilha", header: ["Nome", "Número"], widths: [30, 20] })), "xlsx");
    expect(await cellsOf("xlsx", path)).toEqual([["Nome", "Número"], ...rows.map((r) => r.map((c) => (c.startsWith("=") ? `'${c}` : c)))]);
  });

  it("a CSV starts with a byte-order mark, ends lines with CRLF, quotes what needs it and reads back", async () => {
    const bytes = await bytesOf(csvStream(pages(rows), { header: ["Nome", "Número"], delimiter: ";" }));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Ana;5511987654321\r\n"\'=HYPERLINK(""x"")";"Bia; ""B"""\r\n');
    expect(await cellsOf("csv", fileWith(bytes, "csv"))).toEqual([
      ["Nome", "Número"],
      ["Ana", "5511987654321"],
      ['\'=HYPERLINK("x")', 'Bia; "B"'],
    ]);
  });
});
