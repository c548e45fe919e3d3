import { describe, expect, it } from "vitest";
import { pdfDocument, pdfString } from "./pdf-writer.ts";
import { pdfXrefProblems, unzipEntries } from "./testing/read-archives.ts";
import { csvBytes, zipFiles } from "./zip-writer.ts";

describe("pdfDocument", () => {
  it("writes a PDF whose xref points at every object, with the rows' text in WinAnsi", () => {
    const pdf = pdfDocument(
      [
        {
          title: "Atendimentos em grupos",
          header: ["Grupo", "Atendente", "Tickets"],
          rows: [
            ["Família (João)", "Ana", "3"],
            ["Ação € – ok", "Zé", "1"],
          ],
        },
      ],
      { title: "Relatório", subtitle: "2030-01-01 a 2030-01-31" },
    );
    const text = Buffer.from(pdf).toString("latin1");
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.endsWith("%%EOF\n")).toBe(true);
    expect(pdfXrefProblems(pdf)).toEqual([]);
    expect(text).toContain("/BaseFont /Helvetica /Encoding /WinAnsiEncoding");
    // Parentheses escaped; ã, é, ç, € (0x80) and – (0x96) as single WinAnsi bytes.
    expect(text).toContain("(Fam\xedlia \\(Jo\xe3o\\))");
    expect(text).toContain("(A\xe7\xe3o \x80 \x96 ok)");
    expect(text).toContain("(Z\xe9)");
  });

  it("breaks long tables into pages, each with its header, and keeps the xref right", () => {
    const rows = Array.from({ length: 200 }, (_, i) => [`linha ${i}`, String(i)]);
    const pdf = pdfDocument([{ title: "T", header: ["Nome", "N"], rows }], { title: "Muitas" });
    const text = Buffer.from(pdf).toString("latin1");
    const pages = Number(/\/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(4);
    expect(text.match(/\(Nome\) Tj/g)?.length).toBe(pages);
    expect(text).toContain("(linha 199)");
    expect(pdfXrefProblems(pdf)).toEqual([]);
  });

  it("maps what WinAnsi lacks to ?, controls to a space", () => {
    expect(pdfString("ğ\n😀\\")).toBe("(? ?\\\\)");
  });
});

describe("zipFiles", () => {
  it("lists its files and each inflates (node:zlib) to what was written, CRCs right", () => {
    const big = csvBytes(
      ["Fila", "Tickets"],
      Array.from({ length: 300 }, (_, i) => [`Fila ${i % 3}`, "=1+1"]),
    );
    const small = new TextEncoder().encode("a");
    const zip = zipFiles([
      { name: "duração.csv", data: big },
      { name: "b.txt", data: small },
    ]);
    const entries = unzipEntries(zip);
    expect([...entries.keys()]).toEqual(["duração.csv", "b.txt"]);
    expect(Buffer.from(entries.get("duração.csv")!).equals(Buffer.from(big))).toBe(true);
    expect(new TextDecoder().decode(entries.get("b.txt"))).toBe("a");
    // Deflated (the repeated CSV packs well); the one byte stored.
    expect(zip.length).toBeLessThan(big.length);
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(entries.get("duração.csv"));
    expect(csv.startsWith("\uFEFFFila;Tickets\r\nFila 0;'=1+1\r\n")).toBe(true);
  });
});
