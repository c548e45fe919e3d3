import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { readSheet, type SheetRecord } from "./sheet-reader.ts";
import { xlsToRows } from "./xls-rows.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "xls-rows-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rows = [["Nome", "Número"], [], ["Ana", 5511987654321], ['Bia "B"\nSouza', "x"]];
const expected: SheetRecord[] = [
  { line: 1, cells: ["Nome", "Número"] },
  { line: 3, cells: ["Ana", "5511987654321"] },
  { line: 4, cells: ['Bia "B"\nSouza', "x"] },
];

async function all(records: AsyncGenerator<SheetRecord>): Promise<SheetRecord[]> {
  const out: SheetRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

async function storeXls(): Promise<string> {
  const path = join(dir, "a.xls");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Planilha1");
  writeFileSync(path, new Uint8Array(XLSX.write(book, { type: "array", bookType: "biff8" }) as ArrayBuffer));
  return path;
}

describe("xls rows file", () => {
  it("keeps a parsed .xls as rows (blank rows out, the sheet's line numbers, any text), private, read back as records", async () => {
    const rowsPath = join(dir, "a.jsonl");
    await xlsToRows(await storeXls(), rowsPath);
    expect(statSync(rowsPath).mode & 0o777).toBe(0o600);
    expect(await all(readSheet("xls", rowsPath))).toEqual(expected);
  });

  it("still reads an upload stored as the .xls itself (stored before its rows were kept)", async () => {
    expect(await all(readSheet("xls", await storeXls()))).toEqual(expected);
  });
});
