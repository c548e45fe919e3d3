import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineRow, SHEET_HEAD, SHEET_TAIL, workbookParts, zipOf } from "./testing/hostile-files.ts";
import { readSheet, type SheetFormat } from "./sheet-reader.ts";

let dir: string;
let path: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "sheet-reader-"));
  path = join(dir, "contatos.xlsx");
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Planilha1");
  for (const row of [
    ["Nome", "Celular"],
    ["Ana", 5511987654321],
  ])
    sheet.addRow(row);
  writeFileSync(path, new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cellsOf = async (format: SheetFormat, file: string) => {
  const rows: string[][] = [];
  for await (const record of readSheet(format, file)) rows.push(record.cells);
  return rows;
};

describe("reading an .xlsx", () => {
  it("reads one exceljs-written file many times at once, whole every time (exceljs's own zip walk lost entries now and then under load)", async () => {
    const reads = Array.from({ length: 40 }, () => cellsOf("xlsx", path));
    for (const rows of await Promise.all(reads))
      expect(rows).toEqual([
        ["Nome", "Celular"],
        ["Ana", "5511987654321"],
      ]);
  });

  it("keeps accented letters whole where the unpacked XML is cut into chunks (exceljs decodes each chunk alone)", async () => {
    const names = Array.from({ length: 4_000 }, (_, i) => `Conceição Ãngela ${i}`);
    const sheet = SHEET_HEAD + names.map((n, i) => inlineRow(i + 1, [n])).join("") + SHEET_TAIL;
    const file = join(dir, "acentos.xlsx");
    writeFileSync(file, zipOf([...workbookParts(), { name: "xl/worksheets/sheet1.xml", data: sheet }]));
    expect((await cellsOf("xlsx", file)).map((r) => r[0])).toEqual(names);
  });
});

describe("a file that is gone or is not a file", () => {
  it("fails with SheetError bad-file for every format, and no stream error escapes", async () => {
    const folder = join(dir, "a-folder");
    mkdirSync(folder);
    for (const format of ["csv", "xlsx", "xls"] as const)
      for (const where of [folder, join(dir, "missing.file")]) await expect(cellsOf(format, where), `${format} ${where}`).rejects.toMatchObject({ failure: "bad-file" });
  });
});

describe("reading with a time limit", () => {
  it("keeps no record alive once the caller dropped it (a read of 100,000 rows held them all)", async () => {
    // The test runner's Node: the collector is asked for by hand to see what is still reachable.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const csv = join(dir, "grande.csv");
    writeFileSync(csv, Array.from({ length: 6_000 }, (_, i) => `Cliente ${i};5511${String(900000000 + i)}`).join("\n"));
    const refs: WeakRef<string[]>[] = [];
    let count = 0;
    for await (const record of readSheet("csv", csv, { signal: AbortSignal.timeout(60_000) })) {
      if (count++ < 5_000) refs.push(new WeakRef(record.cells));
      if (count === 5_500) {
        gc();
        await new Promise((r) => setTimeout(r, 0));
        gc();
        const alive = refs.filter((r) => r.deref() !== undefined).length;
        expect(alive).toBeLessThan(500);
      }
    }
    expect(count).toBe(6_000);
  });
});
