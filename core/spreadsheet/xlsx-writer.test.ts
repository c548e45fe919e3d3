import { describe, expect, it } from "vitest";
import { xlsxStream } from "./index.ts";

/* The hand-written .xlsx writer (xlsx-writer.ts): a file Excel's format readers open, and a pull stream. */

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("xlsxStream", () => {
  it("writes a workbook ExcelJS opens: text cells, bold frozen header, widths, XML-safe and bounded cells", async () => {
    async function* pages() {
      yield [
        ["Ana & Bia <x>", "005511"],
        ["=HYPERLINK(1)", " espaço "],
      ];
      yield [[`bell\u0007tab\tok`, "x".repeat(40_000)]];
    }
    const file = await bytesOf(xlsxStream(pages(), { sheetName: "Relatório: 1/2", header: ["Nome", "Número"], widths: [30, 12] }));
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe("Relatório  1 2");
    expect(sheet.getRow(1).values).toEqual([undefined, "Nome", "Número"]);
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.getCell("A2").value).toBe("Ana & Bia <x>");
    expect(sheet.getCell("B2").value).toBe("005511");
    // Formula-safe (a text, never a formula), spaces kept, a control character dropped, Excel's 32,767 limit.
    expect(sheet.getCell("A3").value).toBe("'=HYPERLINK(1)");
    expect(sheet.getCell("B3").value).toBe(" espaço ");
    expect(sheet.getCell("A4").value).toBe("belltab\tok");
    expect(String(sheet.getCell("B4").value)).toHaveLength(32_767);
    expect(sheet.rowCount).toBe(4);
  });

  it("reads the next page only when the reader took the last one's bytes", async () => {
    let read = 0;
    async function* pages() {
      for (let p = 0; p < 1000; p++) {
        read++;
        yield Array.from({ length: 500 }, (_, i) => [`linha ${p}-${i}`, "texto com algum tamanho para comprimir pouco"]);
      }
    }
    const reader = xlsxStream(pages(), { sheetName: "S", header: ["a", "b"] }).getReader();
    for (let i = 0; i < 30; i++) await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A page leaves as its compressed bytes: 30 reads are a few pages, never the whole 1,000.
    expect(read).toBeLessThan(40);
    await reader.cancel();
  });

  it("finishes when pages are small: a page too small for a flush enqueues nothing, and the stream still pulls the next", async () => {
    async function* pages() {
      for (let p = 0; p < 3000; p++) yield [[`linha ${p}`, "b"]];
    }
    const file = await Promise.race([bytesOf(xlsxStream(pages(), { sheetName: "S", header: ["a", "b"] })), new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
    expect(file, "the stream stalled").not.toBeNull();
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(3001);
    expect(book.worksheets[0]!.getCell("A3001").value).toBe("linha 2999");
  });

  it("writes a page bigger than its first buffer (accents and emoji: up to 4 bytes a character)", async () => {
    async function* pages() {
      yield Array.from({ length: 3000 }, (_, i) => [`ação ${i} 🙂`, "çãõ".repeat(40)]);
    }
    const file = await bytesOf(xlsxStream(pages(), { sheetName: "S", header: ["a", "b"] }));
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3001);
    expect(sheet.getCell("A3001").value).toBe("ação 2999 🙂");
    expect(sheet.getCell("B2").value).toBe("çãõ".repeat(40));
  });
});
