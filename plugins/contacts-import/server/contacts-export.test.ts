import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { allContacts, createContact, importFile } from "./contacts-import.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

/** GET an export as bytes. */
async function download(path: string, token = a.token) {
  const res = await t.kernel.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function xlsxRows(bytes: Uint8Array): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("contacts export: happy", () => {
  beforeEach(async () => {
    const vip = (await t.call("POST", "/tags", { token: a.token, body: { name: "VIP", color: "#ff0000", kanban: 0 } })).body;
    const ana = await createContact(t, a.token, { name: "Ana Souza", number: "5511987654321", email: "ana@x.com" });
    await t.call("POST", "/tags/sync", { token: a.token, body: { contactId: ana.id, tags: [{ id: vip.id, name: "VIP" }] } });
    await createContact(t, a.token, { name: "Bruno", number: "5521998887777" });
  });

  it("exports a CSV Excel opens right: UTF-8 BOM, ';' in Portuguese, the list's order, an attachment", async () => {
    const res = await download("/contacts/export/csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="contatos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(res.bytes.slice(3))).toBe("Nome;Número;E-mail;Tags\r\nAna Souza;5511987654321;ana@x.com;VIP\r\nBruno;5521998887777;;\r\n");
  });

  it("honours the list's search, and heads an English file with ',' separators", async () => {
    const res = await download("/contacts/export/csv/?searchParam=Souza&lang=en");
    expect(new TextDecoder().decode(res.bytes.slice(3))).toBe("Name,Number,E-mail,Tags\r\nAna Souza,5511987654321,ana@x.com,VIP\r\n");
  });

  it("exports an .xlsx with numbers as text (every digit kept)", async () => {
    const res = await download("/contacts/export/xlsx?lang=es");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="contactos-.*\.xlsx"/);
    expect(await xlsxRows(res.bytes)).toEqual([
      ["Nombre", "Número", "Correo", "Etiquetas"],
      ["Ana Souza", "5511987654321", "ana@x.com", "VIP"],
      // Empty cells are not written.
      ["Bruno", "5521998887777"],
    ]);
  });

  it("an exported file imports back unchanged: headers recognised, nothing created, tags kept", async () => {
    for (const format of ["xlsx", "csv"] as const) {
      for (const lang of ["pt", "en", "es", "tr"]) {
        const res = await download(`/contacts/export/${format}?lang=${lang}`);
        const file = new File([res.bytes], `export.${format}`);
        const { preview, contactImport } = await importFile(t, a.token, file);
        expect([format, lang, preview.columns]).toEqual([format, lang, ["name", "number", "email", "tags"]]);
        expect(contactImport).toMatchObject({ status: "done", created: 0, updated: 2, failed: 0 });
      }
    }
    expect((await allContacts(t, a.token)).map((c) => [c.name, c.tags.map((x) => x.name)])).toEqual([
      ["Ana Souza", ["VIP"]],
      ["Bruno", []],
    ]);
  });

  it("streams a list larger than one page", async () => {
    const rows = ["Nome,Número", ...Array.from({ length: 1_234 }, (_, i) => `P${String(i).padStart(5, "0")},55119${String(i).padStart(8, "0")}`)].join("\n");
    await importFile(t, a.token, new File([rows], "muitos.csv"));
    const text = new TextDecoder().decode((await download("/contacts/export/csv")).bytes);
    expect(text.trimEnd().split("\r\n")).toHaveLength(1 + 1_236);
    expect((await xlsxRows((await download("/contacts/export/xlsx")).bytes)).length).toBe(1 + 1_236);
  });

  it("a plain user may export; with lgpdHideNumber the numbers are masked as on screen", async () => {
    const user = await createUser(t, a.company.id);
    await t.kernel.settings.setCompany(a.company.id, "lgpdHideNumber", "enabled");
    const text = new TextDecoder().decode((await download("/contacts/export/csv", user.token)).bytes);
    expect(text).toContain("Ana Souza;5511*****4321;");
    expect(text).not.toContain("5511987654321");
  });
});
