import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainJobs, upload } from "../../plugins/contacts-import/server/contacts-import.fixtures.ts";
import { IMPORT_LIMITS } from "../../plugins/contacts-import/server/import/import-limits.ts";
import {
  contactsSheet,
  deflateRepeated,
  fileOf,
  inlineRow,
  SHEET_HEAD,
  SHEET_TAIL,
  STRINGS_HEAD,
  STRINGS_TAIL,
  workbookParts,
  type ZipPart,
  zipOf,
} from "../../core/spreadsheet/testing/hostile-files.ts";
import { createCompanyWithAdmin } from "../support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../support/test-kernel.ts";
import { seededRandom } from "./seeded-random.ts";

/**
 * Issue 32: hostile spreadsheets sent by a plain user through the real path: upload (preview),
 * start, and a cancel at every stage (before the start, while queued, while the rows are
 * counted, while they import) or no cancel at all. No answer may be a 5xx or lack an ERR_ code,
 * every import must end (done, failed with a code, or cancelled), the process's memory must
 * stay within RSS_BOUND of where it began (the kernel runs in this process), and nothing may
 * be left in TMPDIR (private to this file) or in the import's own folder. One seed: every run
 * sends the same files.
 */
const SEED = 32;
/** The code before issue 32 went from 135 MB to 3 GB on one 1.2 MB file. */
const RSS_BOUND = 300 * 1024 * 1024;
const MiB = 1 << 20;

const rng = seededRandom(SEED);
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(rng.next() * 256));
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(rng.next() * 26))).join("");
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0) & 0xff));
const book = (sheet: ZipPart, ...more: ZipPart[]) => zipOf([sheet, ...workbookParts(), ...more]);
const sheetPart = (xml: string): ZipPart => ({ name: "xl/worksheets/sheet1.xml", data: xml });
const people = (n: number) => Array.from({ length: n }, (_, i) => `Pessoa ${i};55119${String(i).padStart(8, "0")}`).join("\n");

interface Case {
  name: string;
  file: File;
  /** What the upload must answer: 200 (a preview) or the error code. */
  expect: "preview" | string;
}

async function excelFile(rows: number): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  sheet.addRow(["Nome", "Celular", "E-mail"]);
  for (let i = 0; i < rows; i += 1) sheet.addRow([`Cliente ${i}`, 5511900000000 + i, `c${i}@x.com`]);
  return new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

/** Every hostile file, built here (nothing downloaded), each small enough to upload (20 MB). */
async function hostileCases(): Promise<Case[]> {
  const cases: Case[] = [];
  const add = (name: string, bytes: Uint8Array, fileName: string, expected: Case["expect"]) => cases.push({ name, file: fileOf(bytes, fileName), expect: expected });
  const honest = book(sheetPart(contactsSheet(1_500)));
  const excel = await excelFile(1_500);

  // Files a genuine user could send: each one goes through every stage below.
  add("an inline-string sheet", honest, "contatos.xlsx", "preview");
  add("an exceljs-written workbook (shared strings after the sheet)", excel, "excel.xlsx", "preview");
  add("a CSV", new TextEncoder().encode(`Nome;Número\n${people(1_500)}`), "contatos.csv", "preview");
  add("a Windows-1252 CSV", latin1(`Nome;Número\nJoão;5511987654321\nAçaí;5511987654322\n${people(500)}`), "latin1.csv", "preview");
  add(
    "a dimension claiming two million rows, and row numbers far apart",
    book(
      sheetPart(
        `${SHEET_HEAD.replace("<sheetData>", '<dimension ref="A1:B2000000"/><sheetData>')}${inlineRow(1, ["Nome", "Número"])}${inlineRow(1_999_999, ["Ana", "5511987654321"])}${SHEET_TAIL}`,
      ),
    ),
    "dimension.xlsx",
    "preview",
  );
  add(
    "column widths for a billion columns (exceljs makes one object per column)",
    book(sheetPart(SHEET_HEAD.replace("<sheetData>", '<cols><col min="1" max="1000000000" width="9"/></cols><sheetData>') + contactsSheet(20).slice(SHEET_HEAD.length))),
    "cols.xlsx",
    "preview",
  );

  // Zip bombs and lies.
  const spaces = deflateRepeated(SHEET_HEAD, " ", 900 * MiB, SHEET_TAIL);
  add(
    "a zip bomb (900 MB of sheet in a few KB)",
    zipOf([{ name: "xl/worksheets/sheet1.xml", raw: spaces, size: 900 * MiB + SHEET_HEAD.length + SHEET_TAIL.length }, ...workbookParts()]),
    "bomb.xlsx",
    "ERR_CONTACT_IMPORT_TOO_LARGE",
  );
  add("a sheet declaring 4 GB", zipOf([{ name: "xl/worksheets/sheet1.xml", raw: spaces, size: 0xfffffffe }, ...workbookParts()]), "huge.xlsx", "ERR_CONTACT_IMPORT_TOO_LARGE");
  add(
    "a sheet declaring 200 KB that unpacks to 900 MB",
    zipOf([{ name: "xl/worksheets/sheet1.xml", raw: spaces, size: 200_000 }, ...workbookParts()]),
    "liar.xlsx",
    "ERR_CONTACT_IMPORT_BAD_FILE",
  );
  const strings = deflateRepeated(STRINGS_HEAD, "<si><t>ab</t></si>", 60_000_000, STRINGS_TAIL);
  const stringsSheet = sheetPart(`${SHEET_HEAD}<row r="1"><c r="A1" t="s"><v>0</v></c></row>${SHEET_TAIL}`);
  add(
    "a shared-strings bomb (60 million strings in 1 MB)",
    book(stringsSheet, { name: "xl/sharedStrings.xml", raw: strings, size: 60_000_000 * 18 + STRINGS_HEAD.length + STRINGS_TAIL.length }),
    "strings.xlsx",
    "ERR_CONTACT_IMPORT_TOO_LARGE",
  );
  add(
    "shared strings that lie about their size",
    book(stringsSheet, { name: "xl/sharedStrings.xml", raw: strings, size: 1_000_000 }),
    "strings-liar.xlsx",
    "ERR_CONTACT_IMPORT_BAD_FILE",
  );
  const many = STRINGS_HEAD + Array.from({ length: IMPORT_LIMITS.xml.strings + 10 }, () => `<si><t>${letters(2)}</t></si>`).join("") + STRINGS_TAIL;
  add(
    "more shared strings than a workbook may have, packed honestly",
    book(stringsSheet, { name: "xl/sharedStrings.xml", data: many }),
    "many-strings.xlsx",
    "ERR_CONTACT_IMPORT_TOO_LARGE",
  );
  add(
    "one shared string of 3 MB",
    book(stringsSheet, { name: "xl/sharedStrings.xml", data: `${STRINGS_HEAD}<si><t>${letters(3 * MiB)}</t></si>${STRINGS_TAIL}` }),
    "long-string.xlsx",
    "ERR_CONTACT_IMPORT_TOO_LARGE",
  );
  add("a cell of 3 MB", book(sheetPart(`${SHEET_HEAD}${inlineRow(1, [letters(3 * MiB)])}${SHEET_TAIL}`)), "long-cell.xlsx", "ERR_CONTACT_IMPORT_TOO_LARGE");
  add(
    "an entity expansion (billion laughs)",
    book(
      sheetPart(
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><worksheet><sheetData>${inlineRow(1, ["&lol2;"])}</sheetData></worksheet>`,
      ),
    ),
    "laughs.xlsx",
    "ERR_CONTACT_IMPORT_BAD_FILE",
  );
  add("an encrypted entry", book({ ...sheetPart(contactsSheet(2)), flags: 1 }), "encrypted.xlsx", "ERR_CONTACT_IMPORT_BAD_FILE");
  add("a workbook without its workbook part", zipOf([sheetPart(contactsSheet(2))]), "no-workbook.xlsx", "ERR_CONTACT_IMPORT_BAD_FILE");

  // Truncated archives, cut at several places (both part orders).
  for (const whole of [honest, excel])
    for (const cut of [4, 31, 300, ...Array.from({ length: 4 }, () => Math.floor(rng.next() * whole.length)), whole.length - 22, whole.length - 1])
      add(`an archive cut at ${cut} of ${whole.length}`, whole.subarray(0, cut), "cut.xlsx", "ERR_CONTACT_IMPORT_BAD_FILE");
  // Bytes flipped inside a genuine workbook: anything may happen but a crash.
  for (let i = 0; i < 6; i += 1) {
    const broken = excel.slice();
    for (let j = 0; j < 8; j += 1) broken[Math.floor(rng.next() * broken.length)] = Math.floor(rng.next() * 256);
    add(`a workbook with flipped bytes #${i}`, broken, "flipped.xlsx", "any");
  }

  // Random bytes under every name, and encodings a CSV must survive.
  for (const ext of ["xlsx", "xls", "csv"]) add(`random bytes as .${ext}`, randomBytes(4_096), `random.${ext}`, "ERR_CONTACT_IMPORT_BAD_FILE");
  add("a zip signature then random bytes", Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...randomBytes(8_192)]), "pk.xlsx", "ERR_CONTACT_IMPORT_BAD_FILE");
  add("an OLE2 signature then random bytes", Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...randomBytes(8_192)]), "ole.xls", "ERR_CONTACT_IMPORT_BAD_FILE");
  add("UTF-16 text", new Uint8Array(Buffer.from(`\ufeffNome;Número\nAna;5511987654321\n`, "utf16le")), "utf16.csv", "ERR_CONTACT_IMPORT_BAD_FILE");
  const invalidUtf8 = Uint8Array.from([
    ...new TextEncoder().encode("Nome;Número\n"),
    0xc3,
    0x28,
    0xed,
    0xa0,
    0x80,
    0xf8,
    0x88,
    0x80,
    0x80,
    0x80,
    0x3b,
    0x35,
    0x35,
    0x0a,
    0xff,
    0xfe,
    0x3b,
    0x31,
    0x0a,
  ]);
  add("a CSV of invalid UTF-8 sequences", invalidUtf8, "invalid.csv", "preview");
  add(
    "a CSV of random printable bytes",
    Uint8Array.from({ length: 20_000 }, () => 32 + Math.floor(rng.next() * 224)),
    "noise.csv",
    "any",
  );
  add("a deflated CSV named .csv", new Uint8Array(deflateRawSync(new TextEncoder().encode(people(100)))), "packed.csv", "any");
  return cases;
}

const STAGES = ["uploaded", "queued", "counting", "importing", "none"] as const;
type Stage = (typeof STAGES)[number];

let t: TestKernel;
let token: string;
let scratch: string;
const savedTmp = process.env.TMPDIR;
const problems: string[] = [];

const files = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
};

/** A call's answer checked: never a 5xx, every error an ERR_ code. */
async function call(label: string, method: string, path: string, body?: unknown) {
  const res = await t.call(method, path, { token, body });
  if (res.status >= 500 || (res.status >= 400 && !/^ERR_[A-Z_]+$/.test(String(res.body?.error))))
    problems.push(`${label}: ${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts an uploaded import, cancels it at `stage`, and checks that it ends in a state with a reason. */
async function runTo(label: string, id: number, preview: { columns: string[]; hasHeader: boolean }, stage: Stage) {
  const columns = preview.columns.includes("number") ? preview.columns : preview.columns.map((c, i) => (i === 0 ? "number" : c === "number" ? "ignore" : c));
  if (stage === "uploaded") return void (await call(label, "DELETE", `/contacts/import/${id}`));
  const started = await call(label, "POST", `/contacts/import/${id}/start`, { columns, hasHeader: preview.hasHeader, tags: [] });
  if (started.status !== 200) return;
  if (stage === "queued") await call(label, "DELETE", `/contacts/import/${id}`);
  const run = t.kernel.jobs.runDue();
  if (stage === "counting" || stage === "importing") {
    const ready = (body: { status: string; totalRows: number | null; processedRows: number }) =>
      body.status !== "running" && body.status !== "queued" ? true : stage === "counting" ? body.status === "running" : body.processedRows > 0;
    for (let i = 0; i < 2_000 && !ready((await call(label, "GET", `/contacts/import/${id}`)).body); i += 1) await sleep(1);
    await call(label, "DELETE", `/contacts/import/${id}`);
  }
  await run;
  await drainJobs(t);
  const end = (await call(label, "GET", `/contacts/import/${id}`)).body;
  if (!["done", "failed", "cancelled"].includes(end.status)) problems.push(`${label}: the import did not end (${end.status})`);
  if (end.status === "failed" && !/^ERR_[A-Z_]+$/.test(end.error)) problems.push(`${label}: failed without a code (${end.error})`);
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "upload-fuzz-data-"));
  // Every temp file any reader writes lands here, and must be gone at the end.
  scratch = mkdtempSync(join(tmpdir(), "upload-fuzz-tmp-"));
  process.env.TMPDIR = scratch;
  t = await createTestKernel({ dataDir });
  const company = await createCompanyWithAdmin(t, "Fuzz", { profile: "user" });
  token = company.token;
}, 60_000);
afterAll(async () => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("upload fuzz: hostile spreadsheets through upload, start and cancel", () => {
  it("answers every file with a preview or an ERR_ code, ends every import, in bounded memory, leaving no file behind", async () => {
    const cases = await hostileCases();
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      let n = 0;
      for (const c of cases) {
        const res = await upload(t, token, c.file);
        const label = `${c.name} (${c.file.name})`;
        if (res.status >= 500 || (res.status !== 200 && !/^ERR_[A-Z_]+$/.test(String(res.body?.error))))
          problems.push(`${label}: upload answered ${res.status} ${JSON.stringify(res.body)}`);
        else if (c.expect === "preview" && res.status !== 200) problems.push(`${label}: expected a preview, got ${res.status} ${res.body.error}`);
        else if (c.expect !== "preview" && c.expect !== "any" && res.body.error !== c.expect)
          problems.push(`${label}: expected ${c.expect}, got ${res.status} ${res.body.error ?? ""}`);
        if (res.status !== 200) continue;
        // The files a user could send go through every stage; the others through one each.
        const stages = c.expect === "preview" ? STAGES : [STAGES[n++ % STAGES.length]!];
        for (const [i, stage] of stages.entries()) {
          const id = i === 0 ? res.body.contactImport.id : (await upload(t, token, c.file)).body.contactImport?.id;
          if (id) await runTo(`${label} cancelled ${stage}`, id, res.body, stage);
        }
      }
      // Uploads left waiting: discarded like a user would.
      for (const item of (await call("list", "GET", "/contacts/import/list")).body.imports as { id: number; status: string }[])
        if (item.status === "uploaded") await call("list", "DELETE", `/contacts/import/${item.id}`);
    } finally {
      clearInterval(sampler);
    }
    expect(problems).toEqual([]);
    expect(peak - baseline, `RSS grew by ${Math.round((peak - baseline) / MiB)} MiB`).toBeLessThan(RSS_BOUND);
    expect(files(scratch)).toEqual([]);
    expect(files(join(t.dataDir, "private", "contacts-import"))).toEqual([]);
  }, 60_000);
});
