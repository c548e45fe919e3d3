import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { allContacts, createContact, csvFile, importFile, upload, xlsFile, xlsxFile } from "./contacts-import.fixtures.ts";
import { parseXls } from "../../../core/spreadsheet/xls-parse.ts";

// The .xls parse, counted (it still runs): an upload's file is parsed once, whatever reads it after.
vi.mock("../../../core/spreadsheet/xls-parse.ts", async (original) => {
  const real = await original<typeof import("../../../core/spreadsheet/xls-parse.ts")>();
  return { ...real, parseXls: vi.fn(real.parseXls) };
});

let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
});
afterEach(() => t.close());

describe("contacts import: happy", () => {
  it("previews a CSV: first rows, header detected, mapping suggested from Portuguese headers (';' separated, BOM)", async () => {
    const res = await upload(t, a.token, csvFile("\uFEFFNome;Telefone;E-mail;Etiquetas;Cidade\nAna;(11) 98765-4321;ana@x.com;VIP;Santos\n"));
    expect(res.status).toBe(200);
    expect(res.body.hasHeader).toBe(true);
    expect(res.body.columns).toEqual(["name", "number", "email", "tags", "ignore"]);
    expect(res.body.rows).toEqual([
      ["Nome", "Telefone", "E-mail", "Etiquetas", "Cidade"],
      ["Ana", "(11) 98765-4321", "ana@x.com", "VIP", "Santos"],
    ]);
    expect(res.body.contactImport).toMatchObject({ status: "uploaded", format: "csv", fileName: "contatos.csv", source: "file" });
    expect(res.body.contactImport).not.toHaveProperty("storedPath");
  });

  it("imports a CSV: numbers normalised, names, e-mails, tags by name (created once), extra info from a header", async () => {
    const csv = ["name,number,email,tags,Cidade", "Ana,+55 (11) 8765-4321,ANA@X.COM,VIP; Lead,Santos", "Bruno,5521998887777,,VIP,Rio", "Carla,5531977776666,carla@x.com,,"].join(
      "\n",
    );
    const { contactImport, errors } = await importFile(t, a.token, csvFile(csv), { columns: ["name", "number", "email", "tags", "extra"] });
    expect(contactImport).toMatchObject({ status: "done", totalRows: 3, processedRows: 3, created: 3, updated: 0, failed: 0 });
    expect(errors).toEqual([]);
    const contacts = await allContacts(t, a.token);
    const ana = contacts.find((c) => c.name === "Ana")!;
    expect(ana).toMatchObject({ number: "5511987654321", email: "ana@x.com", extraInfo: [{ name: "Cidade", value: "Santos" }] });
    expect(ana.tags.map((x) => x.name).sort()).toEqual(["Lead", "VIP"]);
    expect(contacts.find((c) => c.name === "Bruno")!.tags.map((x) => x.name)).toEqual(["VIP"]);
    const tags = (await t.call("GET", "/tags/list", { token: a.token })).body as { name: string }[];
    expect(tags.map((x) => x.name).sort()).toEqual(["Lead", "VIP"]);
  });

  it("merges duplicates by normalised number, within the file and with existing contacts; empty cells keep what the contact has", async () => {
    const existing = await createContact(t, a.token, { name: "Ana Antiga", number: "5511987654321", email: "old@x.com" });
    const csv = ["Nome;Número;E-mail", ";551187654321;", "Bia;5521998887777;bia@x.com", "Beatriz;+55 21 99888-7777;"].join("\n");
    const { contactImport } = await importFile(t, a.token, csvFile(csv));
    expect(contactImport).toMatchObject({ status: "done", created: 1, updated: 2, failed: 0 });
    const contacts = await allContacts(t, a.token);
    expect(contacts).toHaveLength(2);
    expect(contacts.find((c) => c.id === existing.id)).toMatchObject({ name: "Ana Antiga", email: "old@x.com" });
    expect(contacts.find((c) => c.number === "5521998887777")).toMatchObject({ name: "Beatriz", email: "bia@x.com" });
  });

  it("imports an .xlsx with numbers typed as numbers, and tags given by id to every contact", async () => {
    const tag = (await t.call("POST", "/tags", { token: a.token, body: { name: "Feira 2026", color: "#ff0000", kanban: 0 } })).body;
    const file = await xlsxFile([
      ["Nome", "Celular"],
      ["Ana", 5511987654321],
      ["Bruno", "21 99888-7777"],
    ]);
    const { preview, contactImport } = await importFile(t, a.token, file, { tags: [tag.id] });
    expect(preview.columns).toEqual(["name", "number"]);
    expect(preview.rows[1]).toEqual(["Ana", "5511987654321"]);
    expect(contactImport).toMatchObject({ status: "done", format: "xlsx", created: 2, tagIds: [tag.id] });
    const contacts = await allContacts(t, a.token);
    expect(contacts.map((c) => [c.name, c.number, c.tags.map((x) => x.name)])).toEqual([
      ["Ana", "5511987654321", ["Feira 2026"]],
      ["Bruno", "21998887777", ["Feira 2026"]],
    ]);
  });

  it("imports a legacy .xls, parsed once, and a file without a header by column position", async () => {
    vi.mocked(parseXls).mockClear();
    const { contactImport } = await importFile(
      t,
      a.token,
      xlsFile([
        ["Ana", 5511987654321, "ana@x.com"],
        ["Bruno", 5521998887777, ""],
      ]),
    );
    expect(contactImport).toMatchObject({ status: "done", format: "xls", hasHeader: false, columns: ["name", "number", "email"], created: 2 });
    expect((await allContacts(t, a.token)).map((c) => c.email)).toEqual(["ana@x.com", ""]);
    // Preview, count and import: one parse.
    expect(parseXls).toHaveBeenCalledTimes(1);
  });

  it("reports progress on company-{id}-contactImport and tells contact lists of each contact of a small import", async () => {
    const emit = vi.spyOn(t.kernel.realtime, "emit");
    const { contactImport } = await importFile(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n"));
    const progress = emit.mock.calls
      .filter(([, event]) => event === `company-${a.company.id}-contactImport`)
      .map(([, , payload]) => (payload as { contactImport: { status: string } }).contactImport.status);
    expect(progress[0]).toBe("queued");
    expect(progress).toContain("running");
    expect(progress.at(-1)).toBe("done");
    const contactEvents = emit.mock.calls.filter(([, event]) => event === `company-${a.company.id}-contact`).map(([, , payload]) => payload as { action: string });
    expect(contactEvents.map((e) => e.action)).toEqual(["create"]);
    expect(contactImport.status).toBe("done");
  });

  it("lists the company's imports, newest first", async () => {
    await importFile(t, a.token, csvFile("Nome,Número\nAna,5511987654321\n", "um.csv"));
    await importFile(t, a.token, csvFile("Nome,Número\nBia,5511987654322\n", "dois.csv"));
    const res = await t.call("GET", "/contacts/import/list/", { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.imports.map((i: { fileName: string }) => i.fileName)).toEqual(["dois.csv", "um.csv"]);
  });
});
