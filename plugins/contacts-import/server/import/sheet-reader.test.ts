import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readSheet } from "./sheet-reader.ts";

/** How many of the next workbook reads fail as exceljs's stream reader sometimes does under load. */
const failing = vi.hoisted(() => ({ next: 0 }));
vi.mock("exceljs", async (importOriginal) => {
  const real = ((await importOriginal()) as { default: typeof ExcelJS }).default;
  class FlakyReader extends real.stream.xlsx.WorkbookReader {
    override async *[Symbol.asyncIterator]() {
      if (failing.next > 0) {
        failing.next -= 1;
        throw new TypeError("undefined is not an object (evaluating 'this.model.sheets')");
      }
      yield* super[Symbol.asyncIterator]();
    }
  }
  return { default: { ...real, stream: { ...real.stream, xlsx: { ...real.stream.xlsx, WorkbookReader: FlakyReader } } } };
});

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
afterAll(async () => {
  // The failed tries' file streams open after they are closed: let them before the folder goes.
  await new Promise((r) => setTimeout(r, 200));
  rmSync(dir, { recursive: true, force: true });
});

const cellsOf = async () => {
  const rows: string[][] = [];
  for await (const record of readSheet("xlsx", path)) rows.push(record.cells);
  return rows;
};

describe("reading an .xlsx", () => {
  it("tries again when the reader fails before the first row (a good file is not refused for a hiccup of exceljs)", async () => {
    failing.next = 2;
    expect(await cellsOf()).toEqual([
      ["Nome", "Celular"],
      ["Ana", "5511987654321"],
    ]);
    expect(failing.next).toBe(0);
  });

  it("gives up after three tries: a file that fails every time is a bad file", async () => {
    failing.next = 3;
    await expect(cellsOf()).rejects.toMatchObject({ code: "ERR_CONTACT_IMPORT_BAD_FILE" });
    failing.next = 0;
  });
});
