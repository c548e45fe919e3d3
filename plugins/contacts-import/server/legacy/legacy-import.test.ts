import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin, createUser } from "../../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../../tests/support/test-kernel.ts";
import { allContacts, createContact, csvFile, drainJobs, upload, xlsxFile } from "../contacts-import.fixtures.ts";

/** The original client's contact-import calls (issue 32): POST /contactsImport and POST /contacts/upload. */
let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
let b: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  b = await createCompanyWithAdmin(t, "Beta");
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const importOne = (body: unknown, token = a.token) => t.call("POST", "/contactsImport", { token, body });

async function uploadAndStart(file: File, token = a.token) {
  const form = new FormData();
  form.append("file", file);
  return t.call("POST", "/contacts/upload", { token, body: form });
}

describe("POST /contactsImport: happy", () => {
  it("creates a contact from one row and answers it whole; announces it on company-{id}-contact", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const res = await importOne({ name: "Ana Souza", number: "+55 (11) 98765-4321", email: "ANA@x.com" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Ana Souza", number: "5511987654321", email: "ana@x.com", companyId: a.company.id, extraInfo: [], tags: [] });
    const told = emit.mock.calls.filter(([, event]) => event === `company-${a.company.id}-contact`).map(([, , payload]) => payload as { action: string; contact: { id: number } });
    expect(told.map((e) => [e.action, e.contact.id])).toEqual([["create", res.body.id]]);
  });

  it("merges a number the company has (any spelling, a phone typed as a number): a filled cell replaces, an empty one keeps", async () => {
    const ana = await createContact(t, a.token, { name: "Ana", number: "5511987654321", email: "ana@x.com" });
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const res = await importOne({ name: "Ana Maria", number: 5511987654321, email: null, extraInfo: [{ name: "Cidade", value: "Santos" }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ana.id, name: "Ana Maria", email: "ana@x.com", extraInfo: [{ name: "Cidade", value: "Santos" }] });
    expect((await allContacts(t, a.token)).length).toBe(1);
    const told = emit.mock.calls.filter(([, event]) => event === `company-${a.company.id}-contact`).map(([, , payload]) => (payload as { action: string }).action);
    expect(told).toEqual(["update"]);
  });

  it("names a new contact without a name by its number; answers with and without a trailing slash", async () => {
    expect((await importOne({ number: "5511987654321" })).body.name).toBe("5511987654321");
    expect((await t.call("POST", "/contactsImport/", { token: a.token, body: { name: "Bia", number: "5511987654322" } })).status).toBe(200);
  });
});

describe("POST /contactsImport: errors", () => {
  it("refuses what the contact form refuses, naming the field, and writes nothing", async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ name: "Ana" }, { number: "Required" }],
      [{ name: "Ana", number: "   " }, { number: "Required" }],
      [{ name: "Ana", number: "55119876*4321" }, { number: "Invalid number" }],
      [{ name: "Ana", number: "5.511987654321E+12" }, { number: "Invalid number" }],
      [{ name: "A", number: "5511987654321" }, { name: "Too Short!" }],
      [{ name: "Ana", number: "5511987654321", email: "ana@" }, { email: "Invalid email" }],
      [{ name: "x".repeat(1001), number: "5511987654321" }, { name: "Too Long!" }],
    ];
    for (const [body, fields] of cases) {
      const res = await importOne(body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.error, res.body.fields]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        "ERR_VALIDATION",
        expect.objectContaining(fields),
      ]);
    }
    expect(await allContacts(t, a.token)).toEqual([]);
  });

  it("a body that is not an object is a validation error, never a 5xx", async () => {
    for (const body of [[], "texto", { number: { digits: "5511987654321" } }]) expect((await importOne(body)).status).toBe(400);
  });
});

describe("POST /contactsImport: security", () => {
  it("writes into the caller's company only, merging only with its own contacts (a companyId in the body is ignored)", async () => {
    await createContact(t, b.token, { name: "Beta Ana", number: "5511987654321" });
    const res = await importOne({ name: "Alfa Ana", number: "5511987654321", companyId: b.company.id });
    expect(res.body.companyId).toBe(a.company.id);
    expect((await allContacts(t, b.token)).map((c) => c.name)).toEqual(["Beta Ana"]);
    expect((await allContacts(t, a.token)).map((c) => c.name)).toEqual(["Alfa Ana"]);
  });

  it("a plain user may import; the answer is LGPD-masked for them when lgpdHideNumber is on", async () => {
    const plain = await createUser(t, a.company.id);
    await t.kernel.settings.setCompany(a.company.id, "lgpdHideNumber", "enabled");
    const res = await importOne({ name: "Ana", number: "5511987654321" }, plain.token);
    expect([res.status, res.body.number]).toEqual([200, "5511*****4321"]);
    expect((await allContacts(t, a.token))[0]!.number).toBe("5511987654321");
  });

  it("needs a login", async () => {
    for (const [method, path] of [
      ["POST", "/contactsImport"],
      ["POST", "/contacts/upload"],
      ["POST", "/contacts/import"],
      ["POST", "/contacts/import/chats"],
    ] as const)
      expect([path, (await t.call(method, path, { body: {} })).status]).toEqual([path, 401]);
  });
});

describe("POST /contacts/upload", () => {
  it("imports a spreadsheet in one call with the suggested mapping and answers the queued import at once", async () => {
    const file = await xlsxFile([
      ["Nome", "Telefone", "E-mail", "Cidade"],
      ["Ana", 5511987654321, "ana@x.com", "Santos"],
      ["Bruno", "+55 21 99888-7777", "", "Rio"],
    ]);
    const res = await uploadAndStart(file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "queued",
      source: "file",
      format: "xlsx",
      fileName: "contatos.xlsx",
      hasHeader: true,
      columns: ["name", "number", "email", "ignore"],
    });
    await drainJobs(t);
    expect((await t.call("GET", `/contacts/import/${res.body.id}`, { token: a.token })).body).toMatchObject({ status: "done", created: 2, failed: 0 });
    const contacts = await allContacts(t, a.token);
    // Columns the header words do not name are left out (no guessing at extra info).
    expect(contacts.map((c) => [c.name, c.number, c.email, c.extraInfo])).toEqual([
      ["Ana", "5511987654321", "ana@x.com", []],
      ["Bruno", "5521998887777", "", []],
    ]);
  });

  it("reads English headers and a CSV; refused rows are listed like any import's", async () => {
    const res = await uploadAndStart(csvFile("Phone;Name\n5511987654321;Ana\nabc;Bia\n", "list.csv"));
    expect(res.body.columns).toEqual(["number", "name"]);
    await drainJobs(t);
    expect((await t.call("GET", `/contacts/import/${res.body.id}`, { token: a.token })).body).toMatchObject({ status: "done", created: 1, failed: 1 });
    expect((await t.call("GET", `/contacts/import/${res.body.id}/errors`, { token: a.token })).body.errors).toEqual([
      { line: 3, field: "number", message: "Invalid number", value: "abc" },
    ]);
  });

  it("a file with no column of numbers is refused about the file, and the upload is discarded", async () => {
    const res = await uploadAndStart(csvFile("Nome,Cidade\nAna,Santos\n"));
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", fields: { file: "Number column not found" } });
    const [last] = (await t.call("GET", "/contacts/import/list", { token: a.token })).body.imports;
    expect(last.status).toBe("cancelled");
  });

  it("bad files: the import's own answers (no file, wrong type, unreadable content)", async () => {
    const none = await t.call("POST", "/contacts/upload", { token: a.token, body: new FormData() });
    expect([none.status, none.body.error]).toEqual([400, "ERR_VALIDATION"]);
    expect((await uploadAndStart(new File(["x"], "contatos.pdf"))).body.error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    expect((await uploadAndStart(new File(["not a zip"], "contatos.xlsx"))).body.error).toBe("ERR_CONTACT_IMPORT_BAD_FILE");
  });

  it("one import at a time: a second upload while one runs is ERR_CONTACT_IMPORT_RUNNING and is discarded", async () => {
    const first = await uploadAndStart(csvFile("Nome,Número\nAna,5511987654321\n"));
    expect(first.body.status).toBe("queued");
    const second = await uploadAndStart(csvFile("Nome,Número\nBia,5511987654322\n", "outra.csv"));
    expect([second.status, second.body.error]).toEqual([409, "ERR_CONTACT_IMPORT_RUNNING"]);
    const list = (await t.call("GET", "/contacts/import/list", { token: a.token })).body.imports as { fileName: string; status: string }[];
    expect(list.map((i) => [i.fileName, i.status])).toEqual([
      ["outra.csv", "cancelled"],
      ["contatos.csv", "queued"],
    ]);
  });

  it("the import belongs to the caller's company: another company cannot read it", async () => {
    const res = await uploadAndStart(csvFile("Nome,Número\nAna,5511987654321\n"));
    expect(res.body.companyId).toBe(a.company.id);
    expect((await t.call("GET", `/contacts/import/${res.body.id}`, { token: b.token })).body.error).toBe("ERR_CONTACT_IMPORT_NOT_FOUND");
    await drainJobs(t);
    expect(await allContacts(t, b.token)).toEqual([]);
  });

  it("the two-step upload still answers a preview (the paths do not clash)", async () => {
    const res = await upload(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"));
    expect(res.body.contactImport.status).toBe("uploaded");
  });
});
