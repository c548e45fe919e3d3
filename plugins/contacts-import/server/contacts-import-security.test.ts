import { readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { allContacts, createContact, csvFile, drainJobs, importFile, upload, xlsFile, xlsxFile } from "./contacts-import.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let b: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  b = await createCompanyWithAdmin(t, "Beta");
});
afterEach(() => t.close());

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
};

describe("contacts import: security — tenancy", () => {
  it("company B cannot see, start, read the errors of or cancel company A's import", async () => {
    const id = (await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"))).body.contactImport.id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/contacts/import/${id}`],
      ["GET", `/contacts/import/${id}/errors`],
      ["POST", `/contacts/import/${id}/start`, { columns: ["name", "number"], hasHeader: true }],
      ["DELETE", `/contacts/import/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token: b.token, body });
      expect([method, path, res.status, res.body.error]).toEqual([method, path, 404, "ERR_CONTACT_IMPORT_NOT_FOUND"]);
    }
    expect((await t.call("GET", "/contacts/import/list", { token: b.token })).body.imports).toEqual([]);
    expect((await t.call("GET", `/contacts/import/${id}`, { token: a.token })).body.status).toBe("uploaded");
  });

  it("an import writes only into the importing company, merging only with its own contacts", async () => {
    await createContact(t, b.token, { name: "Beta Ana", number: "5511987654321" });
    const { contactImport } = await importFile(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"));
    expect(contactImport).toMatchObject({ companyId: a.company.id, created: 1, updated: 0 });
    expect((await allContacts(t, b.token)).map((c) => c.name)).toEqual(["Beta Ana"]);
  });

  it("another company's tag id is refused; a tag name creates the importing company's own tag", async () => {
    const bTag = (await t.call("POST", "/tags", { token: b.token, body: { name: "Beta VIP", color: "#000000", kanban: 0 } })).body;
    const up = (await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"))).body.contactImport.id;
    const res = await t.call("POST", `/contacts/import/${up}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true, tags: [bTag.id] } });
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { tags: "Invalid tag" } });
    await importFile(t, a.token, csvFile("Nome,Número,Tags\nAna,5511987654321,Beta VIP\n"));
    const [ana] = await allContacts(t, a.token);
    expect(ana!.tags).toHaveLength(1);
    expect(ana!.tags[0]!.name).toBe("Beta VIP");
    expect(ana!.tags[0]!.id).not.toBe(bTag.id);
    expect((await t.call("GET", `/tags/${bTag.id}`, { token: b.token })).body.contactsCount ?? 0).toBe(0);
  });

  it("the export holds only the caller's company's contacts, whatever the query says", async () => {
    await createContact(t, a.token, { name: "Alfa Ana", number: "5511987654321" });
    await createContact(t, b.token, { name: "Beta Bia", number: "5511987654322" });
    const res = await t.kernel.app.request(`/contacts/export/csv?companyId=${a.company.id}`, { headers: { authorization: `Bearer ${b.token}` } });
    const text = await res.text();
    expect(text).toContain("Beta Bia");
    expect(text).not.toContain("Alfa Ana");
  });

  it("every route needs a login", async () => {
    for (const [method, path] of [
      ["POST", "/contacts/import/upload"],
      ["GET", "/contacts/import/list"],
      ["GET", "/contacts/import/1"],
      ["GET", "/contacts/import/1/errors"],
      ["POST", "/contacts/import/1/start"],
      ["DELETE", "/contacts/import/1"],
      ["POST", "/contacts/import/whatsapp/1"],
      ["GET", "/contacts/export/csv"],
      ["GET", "/contacts/export/xlsx"],
    ])
      expect([path, (await t.call(method!, path!)).status]).toEqual([path, 401]);
  });
});

describe("contacts import: security — files", () => {
  it("keeps uploads private (never under the public media root, mode 600) and deletes them when the import ends", async () => {
    const privateDir = join(t.dataDir, "private", "contacts-import");
    const res = await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"));
    expect(JSON.stringify(res.body)).not.toMatch(/company\d+\/|private|\.csv"[^,]*stored/);
    const stored = files(privateDir);
    expect(stored).toHaveLength(1);
    expect(statSync(join(privateDir, stored[0]!)).mode & 0o777).toBe(0o600);
    expect(files(join(t.dataDir, "public")).filter((f) => f.endsWith(".csv"))).toEqual([]);
    expect((await t.call("GET", `/public/${stored[0]}`)).status).toBe(404);
    await t.call("POST", `/contacts/import/${res.body.contactImport.id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    await drainJobs(t);
    expect(files(privateDir)).toEqual([]);
  });

  it("a legacy .xls is kept as its parsed rows, private (mode 600), the .xls itself deleted", async () => {
    const privateDir = join(t.dataDir, "private", "contacts-import");
    const res = await upload(
      t,
      a.token,
      xlsFile([
        ["Nome", "Número"],
        ["Ana", 5511987654321],
      ]),
    );
    expect(res.status).toBe(200);
    const stored = files(privateDir);
    expect(stored).toEqual([expect.stringMatching(/^company\d+\/[\w-]{21}\.jsonl$/)]);
    expect(statSync(join(privateDir, stored[0]!)).mode & 0o777).toBe(0o600);
  });

  it("an import that fails while it runs deletes its file too", async () => {
    const privateDir = join(t.dataDir, "private", "contacts-import");
    const res = await upload(
      t,
      a.token,
      await xlsxFile([
        ["Nome", "Número"],
        ["Ana", 5511987654321],
      ]),
    );
    // The stored file turns unreadable between the preview and the run.
    writeFileSync(join(privateDir, files(privateDir)[0]!), "PK\u0003\u0004garbage");
    await t.call("POST", `/contacts/import/${res.body.contactImport.id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    await drainJobs(t);
    const done = await t.call("GET", `/contacts/import/${res.body.contactImport.id}`, { token: a.token });
    expect(done.body).toMatchObject({ status: "failed", error: "ERR_CONTACT_IMPORT_BAD_FILE" });
    expect(files(privateDir)).toEqual([]);
  });

  it("a refused or cancelled upload leaves no file behind", async () => {
    const privateDir = join(t.dataDir, "private", "contacts-import");
    await upload(t, a.token, new File(["PK\u0003\u0004garbage"], "x.xlsx"));
    const id = (await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"))).body.contactImport.id;
    await t.call("DELETE", `/contacts/import/${id}`, { token: a.token });
    expect(files(privateDir)).toEqual([]);
  });

  it("a file name is only text: path tricks neither escape the folder nor reach an answer as a path", async () => {
    const res = await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n", "../../etc/passwd.csv"));
    expect(res.status).toBe(200);
    expect(res.body.contactImport.fileName).toBe("../../etc/passwd.csv");
    const stored = files(join(t.dataDir, "private", "contacts-import"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^company\d+\/[\w-]{21}\.csv$/);
  });
});

describe("contacts export: security — formula injection", () => {
  const evil = ['=HYPERLINK("http://evil.test","x")', "+SUM(1,2)", "-2+3", "@cmd"];

  it("cells a spreadsheet would run as formulas get a leading apostrophe in CSV and XLSX, and import back as written", async () => {
    for (const [i, name] of evil.entries()) await createContact(t, a.token, { name, number: `551198765432${i}`, email: "" });
    const csv = await (await t.kernel.app.request("/contacts/export/csv", { headers: { authorization: `Bearer ${a.token}` } })).text();
    const lines = csv.slice(1).split("\r\n").slice(1, -1);
    for (const line of lines) expect(line).toMatch(/^"?'[=+\-@]/);
    const bytes = await (await t.kernel.app.request("/contacts/export/xlsx", { headers: { authorization: `Bearer ${a.token}` } })).arrayBuffer();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const names: string[] = [];
    book.worksheets[0]!.eachRow((row, n) => n > 1 && names.push(String(row.getCell(1).value)));
    expect(names.every((n) => n.startsWith("'"))).toBe(true);
    expect(book.worksheets[0]!.getCell("A2").formula).toBeUndefined();
    const { contactImport } = await importFile(t, a.token, new File([bytes], "volta.xlsx"));
    expect(contactImport).toMatchObject({ created: 0, updated: 4 });
    expect((await allContacts(t, a.token)).map((c) => c.name).sort()).toEqual([...evil].sort());
  });

  it("a formula cell in an uploaded .xlsx is read as its cached value, never evaluated", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("S");
    sheet.addRow(["Nome", "Número"]);
    sheet.addRow([
      { formula: 'CONCAT("An","a")', result: "Ana" },
      { formula: "5511987654321+0", result: 5511987654321 },
    ]);
    const file = new File([new Uint8Array((await book.xlsx.writeBuffer()) as ArrayBuffer)], "f.xlsx");
    const { contactImport } = await importFile(t, a.token, file);
    expect(contactImport.created).toBe(1);
    expect((await allContacts(t, a.token)).map((c) => [c.name, c.number])).toEqual([["Ana", "5511987654321"]]);
  });
});
