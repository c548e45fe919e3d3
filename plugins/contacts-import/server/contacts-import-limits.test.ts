import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { allContacts, csvFile, drainJobs, importFile, upload } from "./contacts-import.fixtures.ts";
import { IMPORT_LIMITS } from "./import/import-limits.ts";
import { contactsSheet, deflateRepeated, fileOf, SHEET_HEAD, SHEET_TAIL, workbookParts, zipOf } from "../../../core/spreadsheet/testing/hostile-files.ts";

/**
 * Issue 32: a plain user could stop the server (a cancel while rows were counted) and exhaust
 * memory, disk and descriptors with .xlsx uploads. Each case here failed on the code before it.
 */
let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let scratch: string;
const savedTmp = process.env.TMPDIR;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  // The readers' temp files, if any library writes one, land here and are counted.
  scratch = mkdtempSync(join(tmpdir(), "import-limits-tmp-"));
  process.env.TMPDIR = scratch;
});
afterEach(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
};
const uploads = () => files(join(t.dataDir, "private", "contacts-import"));
const xlsx = (sheet: string) => fileOf(zipOf([{ name: "xl/worksheets/sheet1.xml", data: sheet }, ...workbookParts()]), "contatos.xlsx");
const show = async (id: number) => (await t.call("GET", `/contacts/import/${id}`, { token: a.token })).body;

describe("contacts import: limits — no job can take the process down", () => {
  it("cancelling while the rows are still being counted ends the import as cancelled; the reader is closed and the file removed", async () => {
    const { body } = await upload(t, a.token, xlsx(contactsSheet(40_000)));
    const id = body.contactImport.id as number;
    await t.call("POST", `/contacts/import/${id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    const run = t.kernel.jobs.runDue();
    // Counting 40,000 rows takes a while: cancel once the run has begun and no total is known.
    for (let i = 0; i < 500 && (await show(id)).status !== "running"; i += 1) await new Promise((r) => setTimeout(r, 2));
    expect((await show(id)).totalRows).toBeNull();
    expect((await t.call("DELETE", `/contacts/import/${id}`, { token: a.token })).body.status).toBe("cancelled");
    await run;
    await drainJobs(t);
    // The run noticed (well before the count could end), let the reader go and removed the file.
    expect(await show(id)).toMatchObject({ status: "cancelled", processedRows: 0 });
    expect(await allContacts(t, a.token)).toEqual([]);
    expect(uploads()).toEqual([]);
    expect(files(scratch)).toEqual([]);
  }, 60_000);

  it("a cancel that lands while a chunk is written (the chunk is undone) still closes the reader and removes the file", async () => {
    const { body } = await upload(t, a.token, csvFile(["Nome;Número", ...Array.from({ length: 600 }, (_, i) => `P ${i};55119${String(i).padStart(8, "0")}`)].join("\n")));
    const id = body.contactImport.id as number;
    await t.call("POST", `/contacts/import/${id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    const real = t.kernel.db.transaction.bind(t.kernel.db);
    let calls = 0;
    vi.spyOn(t.kernel.db, "transaction").mockImplementation(async (...args: Parameters<typeof real>) => {
      // The user cancels just as the second chunk's transaction begins.
      if ((calls += 1) === 2) await t.call("DELETE", `/contacts/import/${id}`, { token: a.token });
      return real(...args);
    });
    await drainJobs(t);
    vi.restoreAllMocks();
    expect(await show(id)).toMatchObject({ status: "cancelled", processedRows: 250 });
    expect(uploads()).toEqual([]);
  });
});

describe("contacts import: limits — hostile .xlsx files", () => {
  it("a zip bomb (a sheet that unpacks a thousand times larger) is refused before it is unpacked", async () => {
    const raw = deflateRepeated(SHEET_HEAD, " ", 300 << 20, SHEET_TAIL);
    const started = Date.now();
    const res = await upload(
      t,
      a.token,
      fileOf(zipOf([{ name: "xl/worksheets/sheet1.xml", raw, size: (300 << 20) + SHEET_HEAD.length + SHEET_TAIL.length }, ...workbookParts()]), "bomb.xlsx"),
    );
    expect([res.status, res.body.error]).toEqual([400, "ERR_CONTACT_IMPORT_TOO_LARGE"]);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(files(scratch)).toEqual([]);
    expect(uploads()).toEqual([]);
  });

  it("a sheet that declares a small size but unpacks to much more is stopped while it unpacks", async () => {
    const raw = deflateRepeated(SHEET_HEAD, " ", 300 << 20, SHEET_TAIL);
    const res = await upload(t, a.token, fileOf(zipOf([{ name: "xl/worksheets/sheet1.xml", raw, size: 300_000 }, ...workbookParts()]), "liar.xlsx"));
    expect([res.status, res.body.error]).toEqual([400, "ERR_CONTACT_IMPORT_BAD_FILE"]);
    expect(files(scratch)).toEqual([]);
  });

  it("a truncated archive is answered at once, whatever the cut, and leaves nothing open or stored", async () => {
    const sheet = { name: "xl/worksheets/sheet1.xml", data: contactsSheet(2_000) };
    // Both orders: the sheet first (as Excel and exceljs write it) and last.
    for (const whole of [zipOf([sheet, ...workbookParts()]), zipOf([...workbookParts(), sheet])])
      for (const cut of [40, 200, Math.floor(whole.length / 3), Math.floor(whole.length / 2), whole.length - 30, whole.length - 1]) {
        const started = Date.now();
        const res = await upload(t, a.token, fileOf(whole.subarray(0, cut), "cortado.xlsx"));
        expect([cut, res.status, res.body.error]).toEqual([cut, 400, "ERR_CONTACT_IMPORT_BAD_FILE"]);
        expect(Date.now() - started).toBeLessThan(5_000);
      }
    expect(uploads()).toEqual([]);
  }, 60_000);

  it("importing our own .xlsx export leaves no temp file behind (the sheet comes before anything else in it)", async () => {
    await importFile(t, a.token, csvFile("Nome;Número\nAna;5511987654321\nBia;5511987654322\n"));
    const res = await t.kernel.app.request("/contacts/export/xlsx?lang=pt", { headers: { authorization: `Bearer ${a.token}` } });
    const exported = new File([new Uint8Array(await res.arrayBuffer())], "contatos.xlsx");
    const { contactImport } = await importFile(t, a.token, exported);
    expect(contactImport).toMatchObject({ status: "done", totalRows: 2, updated: 2 });
    expect(files(scratch)).toEqual([]);
    expect(uploads()).toEqual([]);
  });
});

describe("contacts import: limits — rows, encodings, time and pending uploads", () => {
  const saved = { ...IMPORT_LIMITS };
  afterEach(() => Object.assign(IMPORT_LIMITS, saved));
  const people = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Pessoa ${from + i};55119${String(from + i).padStart(8, "0")}`);

  it("takes exactly the row limit of data rows (the header not counted); one more refuses the whole file", async () => {
    IMPORT_LIMITS.rows = 300;
    const exact = await importFile(t, a.token, csvFile(["Nome;Número", ...people(300)].join("\n")));
    expect(exact.contactImport).toMatchObject({ status: "done", totalRows: 300, created: 300 });
    const over = await importFile(t, a.token, csvFile(["Nome;Número", ...people(301, 1_000)].join("\n")));
    expect(over.contactImport).toMatchObject({ status: "failed", error: "ERR_CONTACT_IMPORT_TOO_MANY_ROWS", created: 0 });
    const noHeader = await importFile(t, a.token, csvFile(people(301, 2_000).join("\n")), { hasHeader: false, columns: ["name", "number"] });
    expect(noHeader.contactImport).toMatchObject({ status: "failed", error: "ERR_CONTACT_IMPORT_TOO_MANY_ROWS", created: 0 });
    expect((await t.call("GET", "/contacts", { token: a.token })).body.count).toBe(300);
    expect(uploads()).toEqual([]);
  });

  it("reads a Windows-1252 (Latin-1) CSV with its accents", async () => {
    const latin1 = new Uint8Array([..."Nome;Número\nJoão Conceição;5511987654321\n"].map((c) => c.charCodeAt(0)));
    const { preview, contactImport } = await importFile(t, a.token, fileOf(latin1, "contatos.csv"));
    expect(preview.rows[0]).toEqual(["Nome", "Número"]);
    expect(contactImport).toMatchObject({ status: "done", created: 1 });
    expect((await allContacts(t, a.token)).map((c) => c.name)).toEqual(["João Conceição"]);
  });

  it("a preview that takes too long is given up with ERR_CONTACT_IMPORT_TIMEOUT and keeps nothing", async () => {
    IMPORT_LIMITS.previewMs = 100;
    const blanks = Array.from({ length: 150_000 }, (_, i) => `<row r="${i + 1}"/>`).join("");
    const started = Date.now();
    const res = await upload(t, a.token, xlsx(SHEET_HEAD + blanks + SHEET_TAIL));
    expect([res.status, res.body.error]).toEqual([400, "ERR_CONTACT_IMPORT_TIMEOUT"]);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(uploads()).toEqual([]);
  });

  it("keeps the company's newest uploads waiting to be started; the next one expires the oldest with its file", async () => {
    const ids: number[] = [];
    for (let i = 0; i < IMPORT_LIMITS.pendingUploads + 1; i += 1) ids.push((await upload(t, a.token, csvFile(`Nome;Número\n${people(1, i)[0]}\n`))).body.contactImport.id);
    expect((await show(ids[0]!)).status).toBe("cancelled");
    for (const id of ids.slice(1)) expect((await show(id)).status).toBe("uploaded");
    expect(uploads()).toHaveLength(IMPORT_LIMITS.pendingUploads);
    const late = await t.call("POST", `/contacts/import/${ids[0]}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    expect(late.body.error).toBe("ERR_CONTACT_IMPORT_STATE");
  });
});
