import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { CHUNK_ROWS } from "./import/import-runner.ts";
import { allContacts, csvFile, drainJobs, importFile, upload, xlsxFile } from "./contacts-import.fixtures.ts";

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe("contacts import: errors — bad rows never stop the rest", () => {
  it("reports each bad row with its line, field and the contact form's message, and imports the others", async () => {
    const csv = [
      "Nome;Número;E-mail;Tags",
      "Ana;5511987654321;ana@x.com;VIP", // 2 ok
      "Curto;1234;;", // 3 number too short
      "Bia;5511987654322;bia@;", // 4 invalid e-mail
      `${"N".repeat(51)};5511987654323;;`, // 5 name too long
      "Mascarado;5511*****4321;;", // 6 LGPD-masked number (an export re-imported)
      "Excel;5.5119E+12;;", // 7 digits lost to scientific notation
      "Tag;5511987654324;;ok", // 8 tag too short
      ";;;", // blank: skipped, not an error
      "Sem número;;x@x.com;", // 10 number missing
      "Carla;5511987654325;;", // 11 ok
    ].join("\r\n");
    const { contactImport, errors } = await importFile(t, a.token, csvFile(csv));
    expect(contactImport).toMatchObject({ status: "done", totalRows: 9, created: 2, failed: 7 });
    expect(errors).toEqual([
      { line: 3, field: "number", message: "Too Short!", value: "1234" },
      { line: 4, field: "email", message: "Invalid email", value: "bia@" },
      { line: 5, field: "name", message: "Too Long!", value: "N".repeat(51) },
      { line: 6, field: "number", message: "Invalid number", value: "5511*****4321" },
      { line: 7, field: "number", message: "Invalid number", value: "5.5119E+12" },
      { line: 8, field: "tags", message: "Tag muito curta!", value: "ok" },
      { line: 10, field: "number", message: "Required", value: "" },
    ]);
    expect((await allContacts(t, a.token)).map((c) => c.name)).toEqual(["Ana", "Carla"]);
  });

  it("a broken CSV record (a quote never closed) and a huge row are reported; the rows around them import", async () => {
    const huge = "x".repeat(200_000);
    const csv = ["Nome,Número", "Ana,5511987654321", `${huge},5511987654322`, 'Bia "B",5511987654323', 'Carla,"5511987654324', "Davi,5511987654325"].join("\n");
    const { contactImport, errors } = await importFile(t, a.token, csvFile(csv));
    expect(contactImport).toMatchObject({ status: "done", created: 2, failed: 2 });
    expect(errors[0]).toMatchObject({ line: 3, field: "name", message: "Too Long!" });
    expect(errors[0]!.value.length).toBeLessThanOrEqual(101);
    // The quote opened on line 5 takes the rest of the file with it: CSV has no way to tell where it should have ended.
    expect(errors[1]).toEqual({ line: 5, field: "row", message: "Quote not closed", value: "" });
    expect((await allContacts(t, a.token)).map((c) => c.name)).toEqual(["Ana", 'Bia "B"']);
  });

  it("refuses files that are not readable spreadsheets, with no 5xx and nothing kept", async () => {
    const cases: [File, number, string][] = [
      [new File(["not a zip"], "x.xlsx"), 400, "ERR_CONTACT_IMPORT_BAD_FILE"],
      [new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5])], "truncated.xlsx"), 400, "ERR_CONTACT_IMPORT_BAD_FILE"],
      [new File([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0])], "broken.xls"), 400, "ERR_CONTACT_IMPORT_BAD_FILE"],
      [new File([new Uint8Array([0, 1, 2, 3])], "binary.csv"), 400, "ERR_CONTACT_IMPORT_BAD_FILE"],
      [new File([""], "empty.csv"), 400, "ERR_CONTACT_IMPORT_BAD_FILE"],
      [new File(["a,b"], "contatos.txt"), 415, "ERR_UNSUPPORTED_MEDIA_TYPE"],
      [new File(["<svg onload=alert(1)>"], "x.svg"), 415, "ERR_UNSUPPORTED_MEDIA_TYPE"],
    ];
    for (const [file, status, error] of cases) {
      const res = await upload(t, a.token, file);
      expect([file.name, res.status, res.body.error]).toEqual([file.name, status, error]);
    }
    expect((await t.call("GET", "/contacts/import/list", { token: a.token })).body.imports).toEqual([]);
  });

  it("a file over the limit is 413; no file or a text field is ERR_VALIDATION", async () => {
    const small = await createTestKernel({ env: { UPLOAD_MAX_BYTES: "64" } });
    try {
      const admin = await createCompanyWithAdmin(small, "Pequena");
      const res = await upload(small, admin.token, csvFile(`Nome,Número\n${"Ana,5511987654321\n".repeat(10)}`));
      expect(res.status).toBe(413);
      expect(res.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    } finally {
      await small.close();
    }
    const form = new FormData();
    form.append("file", "just text");
    expect((await t.call("POST", "/contacts/import/upload", { token: a.token, body: form })).body.error).toBe("ERR_VALIDATION");
    expect((await t.call("POST", "/contacts/import/upload", { token: a.token, body: new FormData() })).body.error).toBe("ERR_VALIDATION");
  });

  it("start refuses a mapping without a number column, a field mapped twice, unknown targets and tags that are not the company's", async () => {
    const { body } = await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"));
    const start = (payload: unknown) => t.call("POST", `/contacts/import/${body.contactImport.id}/start`, { token: a.token, body: payload });
    expect((await start({ columns: ["name", "ignore"], hasHeader: true })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { columns: "Required" } });
    expect((await start({ columns: ["number", "number"], hasHeader: true })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { columns: "Duplicated" } });
    expect((await start({ columns: ["nome", "number"], hasHeader: true })).body.error).toBe("ERR_VALIDATION");
    expect((await start({ columns: [], hasHeader: true })).body.error).toBe("ERR_VALIDATION");
    expect((await start({ columns: ["name", "number"], hasHeader: true, tags: [999] })).body).toMatchObject({ error: "ERR_VALIDATION", fields: { tags: "Invalid tag" } });
    expect((await start({ columns: ["name", "number"], hasHeader: true, tags: ["ab"] })).body.error).toBe("ERR_VALIDATION");
    expect((await start({ columns: ["name", "number"], hasHeader: true })).status).toBe(200);
    expect((await start({ columns: ["name", "number"], hasHeader: true })).body.error).toBe("ERR_CONTACT_IMPORT_STATE");
  });

  it("one import runs per company at a time; a finished one cannot be cancelled; unknown ids are 404", async () => {
    const first = (await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"))).body.contactImport.id;
    const second = (await upload(t, a.token, csvFile("Nome,Número\nBia,5511987654322\n"))).body.contactImport.id;
    const go = (id: number) => t.call("POST", `/contacts/import/${id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    expect((await go(first)).status).toBe(200);
    expect((await go(second)).body.error).toBe("ERR_CONTACT_IMPORT_RUNNING");
    await drainJobs(t);
    expect((await go(second)).status).toBe(200);
    expect((await t.call("DELETE", `/contacts/import/${first}`, { token: a.token })).body.error).toBe("ERR_CONTACT_IMPORT_STATE");
    for (const path of ["/contacts/import/999", "/contacts/import/999/errors"])
      expect((await t.call("GET", path, { token: a.token })).body.error).toBe("ERR_CONTACT_IMPORT_NOT_FOUND");
    expect((await t.call("DELETE", "/contacts/import/999", { token: a.token })).status).toBe(404);
  });

  it("cancelling an upload discards it; cancelling a queued import stops it before any row", async () => {
    const up = (await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"))).body.contactImport.id;
    expect((await t.call("DELETE", `/contacts/import/${up}`, { token: a.token })).body.status).toBe("cancelled");
    const queued = (await upload(t, a.token, csvFile("Nome,Número\nBia,5511987654322\n"))).body.contactImport.id;
    await t.call("POST", `/contacts/import/${queued}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    expect((await t.call("DELETE", `/contacts/import/${queued}`, { token: a.token })).body.status).toBe("cancelled");
    await drainJobs(t);
    expect((await t.call("GET", `/contacts/import/${queued}`, { token: a.token })).body).toMatchObject({ status: "cancelled", processedRows: 0 });
    expect(await allContacts(t, a.token)).toEqual([]);
  });
});

/** The database fails the second transaction (the import's second chunk): a crash after the first committed. */
function failSecondChunk(t: TestKernel, message: string): void {
  const real = t.kernel.db.transaction.bind(t.kernel.db);
  let calls = 0;
  vi.spyOn(t.kernel.db, "transaction").mockImplementation((...args: Parameters<typeof real>) => {
    calls += 1;
    if (calls === 2) return Promise.reject(new Error(message));
    return real(...args);
  });
}

describe("contacts import: errors — a crash mid-import", () => {
  const rows = (n: number) => ["Nome,Número", ...Array.from({ length: n }, (_, i) => `Pessoa ${i},55119${String(i).padStart(8, "0")}`)].join("\n");

  it("resumes after the last committed chunk on the next run, counting no row twice", async () => {
    const { body } = await upload(t, a.token, csvFile(rows(1_200)));
    await t.call("POST", `/contacts/import/${body.contactImport.id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    failSecondChunk(t, "disk full");
    await t.kernel.jobs.runDue();
    expect((await t.call("GET", `/contacts/import/${body.contactImport.id}`, { token: a.token })).body).toMatchObject({
      status: "running",
      processedRows: CHUNK_ROWS,
      created: CHUNK_ROWS,
    });
    // The retry's backoff, skipped.
    await t.kernel.db.run(sql`UPDATE jobs SET due_at = 0 WHERE status = 'pending'`);
    await drainJobs(t);
    expect((await t.call("GET", `/contacts/import/${body.contactImport.id}`, { token: a.token })).body).toMatchObject({
      status: "done",
      processedRows: 1_200,
      created: 1_200,
      failed: 0,
    });
    expect((await t.call("GET", "/contacts", { token: a.token })).body.count).toBe(1_200);
  });

  it("a long import hands over to a new job run every 20 s, continuing the same reader, and counts every row once", async () => {
    const { body } = await upload(t, a.token, csvFile(rows(1_100)));
    await t.call("POST", `/contacts/import/${body.contactImport.id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    // Each look at the clock is 25 s later: every run's slice is over after its first chunk.
    let clock = Date.now();
    vi.spyOn(Date, "now").mockImplementation(() => (clock += 25_000));
    await drainJobs(t);
    vi.restoreAllMocks();
    const runs = await t.kernel.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM jobs WHERE kind = 'contacts-import.run'`);
    expect(runs[0]!.n).toBe(Math.ceil(1_100 / CHUNK_ROWS));
    expect((await t.call("GET", `/contacts/import/${body.contactImport.id}`, { token: a.token })).body).toMatchObject({ status: "done", processedRows: 1_100, created: 1_100 });
    expect((await t.call("GET", "/contacts", { token: a.token })).body.count).toBe(1_100);
  });

  it("resumes on a restarted server from the stored resume point (the file read again and skipped)", async () => {
    const file = await xlsxFile([["Nome", "Número"], ...Array.from({ length: 1_100 }, (_, i) => [`Pessoa ${i}`, 5511900000000 + i])]);
    const { body } = await upload(t, a.token, file);
    await t.call("POST", `/contacts/import/${body.contactImport.id}/start`, { token: a.token, body: { columns: ["name", "number"], hasHeader: true } });
    failSecondChunk(t, "power cut");
    await t.kernel.jobs.runDue();
    expect((await t.call("GET", `/contacts/import/${body.contactImport.id}`, { token: a.token })).body).toMatchObject({ status: "running", processedRows: CHUNK_ROWS });
    vi.restoreAllMocks();
    const dataDir = t.dataDir;
    await t.kernel.stop();
    t = await createTestKernel({ dataDir });
    const { token } = await t.login(a.email, a.password);
    await t.kernel.db.run(sql`UPDATE jobs SET due_at = 0 WHERE status = 'pending'`);
    await drainJobs(t);
    expect((await t.call("GET", `/contacts/import/${body.contactImport.id}`, { token })).body).toMatchObject({ status: "done", processedRows: 1_100, created: 1_100 });
    expect((await t.call("GET", "/contacts", { token })).body.count).toBe(1_100);
  });
});
