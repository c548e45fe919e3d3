import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCompanyWithAdmin } from "../../../tests/support/fixtures.ts";
import { createTestKernel, type TestKernel } from "../../../tests/support/test-kernel.ts";
import { csvFile, drainJobs, importFile, upload } from "./contacts-import.fixtures.ts";

/**
 * The tags an import creates are announced on `company-{id}-tag`, and the contacts of a small
 * import on `company-{id}-contact`, only once the chunk that wrote them committed (found in
 * review: they were told from inside the transaction, so a chunk rolled back had announced
 * tags and contacts that never existed).
 */
let t: TestKernel;
let a: Awaited<ReturnType<typeof createCompanyWithAdmin>>;
/** Each tag announcement, with how many transactions were open when it was told. */
let told: { name: string; openTransactions: number }[];
/** Each contact announcement (create or update), the same way. */
let contactsTold: { action: string; number: string; openTransactions: number }[];
let open: number;
beforeEach(async () => {
  t = await createTestKernel();
  a = await createCompanyWithAdmin(t, "Alfa");
  told = [];
  contactsTold = [];
  open = 0;
  const emit = t.kernel.realtime.emit.bind(t.kernel.realtime);
  t.kernel.realtime.emit = (companyId, event, payload, room) => {
    if (event === `company-${a.company.id}-tag`) told.push({ name: (payload as { tag?: { name: string } }).tag?.name ?? "", openTransactions: open });
    const change = payload as { action?: string; contact?: { number: string } };
    if (event === `company-${a.company.id}-contact` && change.contact) contactsTold.push({ action: change.action ?? "", number: change.contact.number, openTransactions: open });
    emit(companyId, event, payload, room);
  };
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** Counts the database's open transactions; with `failAtCommit`, each one throws after its work, so it rolls back. */
function watchTransactions(failAtCommit: boolean): void {
  const real = t.kernel.db.transaction.bind(t.kernel.db);
  vi.spyOn(t.kernel.db, "transaction").mockImplementation(((work: Parameters<typeof real>[0], config?: Parameters<typeof real>[1]) => {
    open += 1;
    return real(async (tx) => {
      const value = await work(tx);
      if (failAtCommit) throw new Error("disk full at commit");
      return value;
    }, config).finally(() => {
      open -= 1;
    });
  }) as typeof real);
}

const csv = ["Nome,Número,Etiquetas", "Ana,5511987654321,Feira; Lead", "Bruno,5521998887777,Feira"].join("\n");

describe("contacts import: tag and contact announcements", () => {
  it("a chunk that rolls back announces none of the tags it had created, and none exists", async () => {
    const { body } = await upload(t, a.token, csvFile(csv));
    const id = body.contactImport.id as number;
    expect((await t.call("POST", `/contacts/import/${id}/start`, { token: a.token, body: { columns: ["name", "number", "tags"], hasHeader: true } })).status).toBe(200);
    watchTransactions(true);
    await drainJobs(t);
    vi.restoreAllMocks();
    expect((await t.call("GET", `/contacts/import/${id}`, { token: a.token })).body).toMatchObject({ processedRows: 0, created: 0 });
    expect((await t.call("GET", "/tags/list", { token: a.token })).body).toEqual([]);
    expect(told).toEqual([]);
    expect(contactsTold).toEqual([]);
  });

  it("a chunk that commits announces each tag it created once, after the commit, when the tag can be read", async () => {
    watchTransactions(false);
    await importFile(t, a.token, csvFile(csv), { columns: ["name", "number", "tags"] });
    expect(told.map((x) => x.name).sort()).toEqual(["Feira", "Lead"]);
    expect(told.every((x) => x.openTransactions === 0)).toBe(true);
    // A small import announces each contact, after the commit too.
    expect(contactsTold.map((x) => [x.action, x.number]).sort()).toEqual([
      ["create", "5511987654321"],
      ["create", "5521998887777"],
    ]);
    expect(contactsTold.every((x) => x.openTransactions === 0)).toBe(true);
    expect(((await t.call("GET", "/tags/list", { token: a.token })).body as { name: string }[]).map((x) => x.name).sort()).toEqual(["Feira", "Lead"]);
  });

  it("tags named in the import's tag list are announced after their transaction too", async () => {
    watchTransactions(false);
    await importFile(t, a.token, csvFile(["Nome,Número", "Ana,5511987654321"].join("\n")), { columns: ["name", "number"], tags: ["Evento 2026"] });
    expect(told).toEqual([{ name: "Evento 2026", openTransactions: 0 }]);
  });
});
