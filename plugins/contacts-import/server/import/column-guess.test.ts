import { describe, expect, it } from "vitest";
import { HEADER_WORDS, headerKey } from "../../shared/columns.ts";
import { EXPORT_HEADERS } from "../export/export-headers.ts";
import { cellText, safeCell } from "../../../../core/spreadsheet/index.ts";
import { suggestColumns } from "./column-guess.ts";

describe("suggestColumns", () => {
  it("reads headers in the four languages, accents and case aside", () => {
    expect(suggestColumns([["NOME", "Telefone celular", "E-mail", "Etiquetas", "Cidade"]]).columns).toEqual(["name", "number", "email", "tags", "ignore"]);
    expect(suggestColumns([["Ad", "Telefon", "E-posta", "Etiketler"]]).columns).toEqual(["name", "number", "email", "tags"]);
    expect(suggestColumns([["Nombre", "Teléfono", "Correo"]]).columns).toEqual(["name", "number", "email"]);
  });
  it("without a header, guesses from the cells: phones, e-mails, then the first column with letters", () => {
    const rows = [
      ["Ana", "ana@x.com", "(11) 98765-4321"],
      ["Bruno", "bruno@x.com", "21 99888-7777"],
    ];
    expect(suggestColumns(rows)).toEqual({ hasHeader: false, columns: ["name", "email", "number"] });
  });
  it("a field is suggested for one column only", () => {
    expect(suggestColumns([["Nome", "Name", "Número"]]).columns).toEqual(["name", "ignore", "number"]);
  });
  it("every export header row is read back as name, number, e-mail and tags", () => {
    for (const headers of Object.values(EXPORT_HEADERS)) {
      expect(suggestColumns([headers]).columns).toEqual(["name", "number", "email", "tags"]);
      expect(HEADER_WORDS.name).toContain(headerKey(headers[0]!));
    }
  });
});

describe("cells", () => {
  it("keeps every digit of a number, reads formulas' cached results, cuts huge cells", () => {
    expect(cellText(5511987654321)).toBe("5511987654321");
    expect(cellText({ formula: "A1", result: 42 })).toBe("42");
    expect(cellText({ richText: [{ text: "An" }, { text: "a" }] })).toBe("Ana");
    expect(cellText(new Date("2026-11-27T10:00:00Z"))).toBe("2026-11-27");
    expect(cellText("x".repeat(5000))).toHaveLength(2000);
    expect(cellText(null)).toBe("");
  });
  it("guards formula-like cells with an apostrophe", () => {
    expect(["=1+1", "+55", "-x", "@a", "\t=1", "Ana"].map(safeCell)).toEqual(["'=1+1", "'+55", "'-x", "'@a", "'\t=1", "Ana"]);
  });
});
