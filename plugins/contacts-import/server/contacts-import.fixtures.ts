import ExcelJS from "exceljs";
import * as XLSX from "@e965/xlsx";
import type { TestKernel } from "../../../tests/support/test-kernel.ts";

/** A CSV file as a browser would send it. */
export const csvFile = (text: string, name = "contatos.csv") => new File([text], name, { type: "text/csv" });

/** An .xlsx file with these rows (numbers stay numbers, as Excel keeps a typed phone). */
export async function xlsxFile(rows: unknown[][], name = "contatos.xlsx"): Promise<File> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Planilha1");
  for (const row of rows) sheet.addRow(row);
  const buffer = await book.xlsx.writeBuffer();
  return new File([new Uint8Array(buffer as ArrayBuffer)], name, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

/** A legacy .xls (BIFF8) file with these rows. */
export function xlsFile(rows: unknown[][], name = "contatos.xls"): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Planilha1");
  const bytes = XLSX.write(book, { type: "array", bookType: "biff8" }) as ArrayBuffer;
  return new File([new Uint8Array(bytes)], name, { type: "application/vnd.ms-excel" });
}

/** POST /contacts/import/upload with one file. */
export async function upload(t: TestKernel, token: string, file: File) {
  const form = new FormData();
  form.append("file", file);
  return t.call("POST", "/contacts/import/upload", { token, body: form });
}

/** Runs the kernel's due jobs until none is left (an import's slices included). */
export async function drainJobs(t: TestKernel): Promise<void> {
  for (let i = 0; i < 100 && (await t.kernel.jobs.runDue()) > 0; i += 1) {}
}

/** Uploads, starts with the suggested (or given) mapping, runs the import and answers its final state. */
export async function importFile(t: TestKernel, token: string, file: File, options: { columns?: string[]; hasHeader?: boolean; tags?: (number | string)[] } = {}) {
  const preview = await upload(t, token, file);
  if (preview.status !== 200) throw new Error(`upload failed: ${preview.status} ${JSON.stringify(preview.body)}`);
  const id = preview.body.contactImport.id as number;
  const started = await t.call("POST", `/contacts/import/${id}/start`, {
    token,
    body: { columns: options.columns ?? preview.body.columns, hasHeader: options.hasHeader ?? preview.body.hasHeader, tags: options.tags ?? [] },
  });
  if (started.status !== 200) throw new Error(`start failed: ${started.status} ${JSON.stringify(started.body)}`);
  await drainJobs(t);
  const done = await t.call("GET", `/contacts/import/${id}`, { token });
  const errors = await t.call("GET", `/contacts/import/${id}/errors`, { token });
  return { preview: preview.body, contactImport: done.body, errors: errors.body.errors as { line: number; field: string; message: string; value: string }[] };
}

/** Every contact of the company (GET /contacts/list). */
export async function allContacts(t: TestKernel, token: string) {
  return (await t.call("GET", "/contacts/list", { token })).body as {
    id: number;
    name: string;
    number: string;
    email: string;
    tags: { id: number; name: string }[];
    extraInfo: { name: string; value: string }[];
  }[];
}

/** POST /contacts (the contacts plugin's API), answering the contact. */
export async function createContact(t: TestKernel, token: string, body: Record<string, unknown>) {
  const res = await t.call("POST", "/contacts", { token, body });
  if (res.status !== 200) throw new Error(`create contact failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; number: string };
}
