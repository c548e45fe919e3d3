import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TestKernel } from "../../../../tests/support/test-kernel.ts";
import { messages } from "../../schema/tables.ts";
import { idsOf, listTickets } from "../tickets/tickets-list.fixtures.ts";
import { createConnection, ticketsKernel } from "../testing/tickets.fixtures.ts";
import { beforeSearch } from "./full-text-deferral.ts";
import "../../../channels/inbound.contract.ts";

let t: TestKernel;
let admin: string;
let wa: { id: number; companyId: number };
beforeAll(async () => {
  t = await ticketsKernel();
  admin = (await t.login()).token;
  wa = await createConnection(t, admin, { channel: "whatsapp" });
});
afterAll(() => t.close());

const receive = (providerId: string, number: string, name: string, body: string) =>
  t.kernel.services.require("tickets.receive")({ companyId: 1, whatsappId: wa.id, providerId, from: { number, name }, body });

/** Indexes what waits, as a search does first. */
const catchUp = () => beforeSearch(t.kernel.db, t.kernel.database.writes);

/** The marks: null when nothing waits for the index. */
const marks = async () => (await t.kernel.db.all<{ m: number | null; c: number | null }>(sql`SELECT messages_after AS m, contacts_after AS c FROM full_text_deferral`))[0];

/** Message ids the full-text index holds for `word` (rowid = id << 31 | ticket id), as it is (no catch-up). */
const indexed = async (word: string) =>
  (await t.kernel.db.all<{ id: number; ticket: number }>(sql`SELECT rowid >> 31 AS id, rowid & 2147483647 AS ticket FROM messages_fts WHERE messages_fts MATCH ${word}`)).map((r) =>
    Number(r.id),
  );

/** FTS5's own consistency checks (the contacts' one also compares the index with the table). */
const integrity = async () => {
  await t.kernel.db.run(sql`INSERT INTO messages_fts(messages_fts) VALUES ('integrity-check')`);
  await t.kernel.db.run(sql`INSERT INTO ticket_contacts_fts(ticket_contacts_fts) VALUES ('integrity-check')`);
};

describe("full-text indexing of write batches", () => {
  it("a burst of inbound messages is searchable by text and by the new contacts' names once stored", async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => receive(`burst-${i}`, `55119${String(70000000 + i)}`, `Quirino${i} Batista`, `quero marmelada${i} amanhã`)),
    );
    for (const i of [0, 17, 29]) {
      const ticket = burst[i]!.ticket.id;
      const byText = await listTickets(t, admin, { status: "search", searchParam: `marmelada${i}`, searchOnMessages: true, showAll: true });
      expect(idsOf(byText.body)).toEqual([ticket]);
      const byName = await listTickets(t, admin, { status: "search", searchParam: `Quirino${i}`, showAll: true });
      expect(idsOf(byName.body)).toEqual([ticket]);
    }
    // Accents fold as before: "amanha" finds every message of the burst.
    expect((await indexed("amanha")).sort((a, b) => a - b)).toEqual(burst.map((r) => r.message.id).sort((a, b) => a - b));
    await integrity();
    // The searches indexed what waited: nothing does now.
    expect(await marks()).toEqual({ m: null, c: null });
  });

  it("a batch's edits and deletions of its own new rows, edits of older rows and a unit undone midway leave the index exact", async () => {
    const older = await receive("older", "5511970001000", "Antiga", "damasco");
    const { ticket } = older;
    const base = { companyId: 1, ticketId: ticket.id, whatsappId: wa.id };
    const outcomes = await Promise.allSettled([
      // New in the batch, then edited in it: indexed once, as it ends up.
      t.kernel.database.writes.run(({ db }) => {
        const row = db
          .insert(messages)
          .values({ ...base, providerId: "new-edited", body: "abacate" })
          .returning()
          .get();
        db.update(messages).set({ body: "beterraba" }).where(eq(messages.id, row.id)).run();
        return row.id;
      }),
      // New in the batch, then deleted in it: never indexed.
      t.kernel.database.writes.run(({ db }) => {
        const row = db
          .insert(messages)
          .values({ ...base, providerId: "new-deleted", body: "cenoura" })
          .returning()
          .get();
        db.delete(messages).where(eq(messages.id, row.id)).run();
      }),
      // Older than the batch: the triggers re-index it as usual.
      t.kernel.database.writes.run(({ db }) => db.update(messages).set({ body: "ervilha" }).where(eq(messages.id, older.message.id)).run()),
      // Fails after writing: the batch is rolled back and the others run again without it.
      t.kernel.database.writes.run(({ db }) => {
        db.insert(messages)
          .values({ ...base, providerId: "undone", body: "figo" })
          .run();
        throw new Error("after writing");
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
    await catchUp();
    const edited = (outcomes[0] as PromiseFulfilledResult<number>).value;
    expect(await indexed("beterraba")).toEqual([edited]);
    expect(await indexed("abacate")).toEqual([]);
    expect(await indexed("cenoura")).toEqual([]);
    expect(await indexed("ervilha")).toEqual([older.message.id]);
    expect(await indexed("damasco")).toEqual([]);
    expect(await indexed("figo")).toEqual([]);
    await integrity();
  });

  it("while nothing waits, messages written outside a batch are indexed at once, as before", async () => {
    expect(await marks()).toEqual({ m: null, c: null });
    const { ticket } = await receive("client-path-ticket", "5511970002000", "Fora", "oi");
    const [row] = await t.kernel.db.insert(messages).values({ companyId: 1, ticketId: ticket.id, whatsappId: wa.id, providerId: "client-path", body: "goiabada" }).returning();
    expect(await indexed("goiabada")).toEqual([row!.id]);
    await t.kernel.db.delete(messages).where(eq(messages.id, row!.id));
    expect(await indexed("goiabada")).toEqual([]);
    await integrity();
  });

  it("a batch that adds only a contact, or nothing, indexes exactly what it added", async () => {
    const [contactOnly] = await Promise.all([
      t.kernel.database.writes.run(({ db }) =>
        db.all<{ id: number }>(
          sql`INSERT INTO contacts (company_id, name, number, created_at, updated_at) VALUES (1, 'Zebedeu Sozinho', '5511970003000', '2026-01-01', '2026-01-01') RETURNING id`,
        ),
      ),
      t.kernel.database.writes.run(({ db }) => db.all(sql`SELECT 1`)),
    ]);
    await catchUp();
    const hits = await t.kernel.db.all<{ id: number }>(sql`SELECT rowid AS id FROM ticket_contacts_fts WHERE ticket_contacts_fts MATCH 'Zebedeu'`);
    expect(hits.map((h) => Number(h.id))).toEqual([Number(contactOnly[0]!.id)]);
    await t.kernel.database.writes.run(({ db }) => db.all(sql`SELECT 1`));
    await integrity();
  });

  it("a batch of one unit leaves its rows to the triggers and never writes the marks; a batch of several defers", async () => {
    const { ticket } = await receive("alone-ticket", "5511970004000", "Sozinha", "oi");
    const base = { companyId: 1, ticketId: ticket.id, whatsappId: wa.id };
    const unit = (providerId: string, body: string) =>
      t.kernel.database.writes.run(({ db }) => {
        const marks = db.get<{ m: number | null }>(sql`SELECT messages_after AS m FROM full_text_deferral`);
        const row = db
          .insert(messages)
          .values({ ...base, providerId, body })
          .returning()
          .get();
        return { deferred: marks?.m !== null, id: row.id };
      });
    const alone = await unit("alone-1", "jabuticaba");
    expect(alone.deferred).toBe(false);
    expect(await indexed("jabuticaba")).toEqual([alone.id]);
    const together = await Promise.all([unit("together-1", "pitanga"), unit("together-2", "pitanga")]);
    expect(together.map((r) => r.deferred)).toEqual([true, true]);
    // Two rows are far from a catch-up's worth: they wait, and so does a lone unit's row now.
    expect(await indexed("pitanga")).toEqual([]);
    const after = await unit("alone-2", "pitanga");
    expect(after.deferred).toBe(true);
    expect(await indexed("pitanga")).toEqual([]);
    await catchUp();
    expect((await indexed("pitanga")).sort((a, b) => a - b)).toEqual([...together, after].map((r) => r.id).sort((a, b) => a - b));
    expect(await marks()).toEqual({ m: null, c: null });
    await integrity();
  });

  it("rows wait across batches and writers; a search finds them all, edited and deleted as they end up", async () => {
    const { ticket } = await receive("wait-ticket", "5511970005000", "Espera", "oi");
    const base = { companyId: 1, ticketId: ticket.id, whatsappId: wa.id };
    const insert = (providerId: string, body: string) =>
      t.kernel.database.writes.run(
        ({ db }) =>
          db
            .insert(messages)
            .values({ ...base, providerId, body })
            .returning()
            .get().id,
      );
    const first = await Promise.all([insert("wait-1", "tangerina"), insert("wait-2", "carambola")]);
    const second = await Promise.all([insert("wait-3", "tangerina"), insert("wait-4", "tangerina")]);
    // A client write while rows wait: its row waits too, and an edit of a waiting row is not indexed twice.
    const [client] = await t.kernel.db
      .insert(messages)
      .values({ ...base, providerId: "wait-client", body: "tangerina" })
      .returning();
    await t.kernel.db.update(messages).set({ body: "mexerica" }).where(eq(messages.id, first[1]!));
    await t.kernel.db.delete(messages).where(eq(messages.id, second[1]!));
    expect(await indexed("tangerina")).toEqual([]);
    const found = await listTickets(t, admin, { status: "search", searchParam: "tangerina", searchOnMessages: true, showAll: true });
    expect(idsOf(found.body)).toEqual([ticket.id]);
    expect((await indexed("tangerina")).sort((a, b) => a - b)).toEqual([first[0]!, second[0]!, client!.id].sort((a, b) => a - b));
    expect(await indexed("carambola")).toEqual([]);
    expect(await indexed("mexerica")).toEqual([first[1]]);
    expect(await marks()).toEqual({ m: null, c: null });
    await integrity();
  });

  it("a batch that leaves a catch-up's worth of rows waiting indexes them before its commit", async () => {
    const { ticket } = await receive("many-ticket", "5511970006000", "Muitas", "oi");
    const base = { companyId: 1, ticketId: ticket.id, whatsappId: wa.id };
    const [ids] = await Promise.all([
      t.kernel.database.writes.run(({ db }) =>
        Array.from(
          { length: 499 },
          (_, i) =>
            db
              .insert(messages)
              .values({ ...base, providerId: `many-${i}`, body: "pessego" })
              .returning()
              .get().id,
        ),
      ),
      t.kernel.database.writes.run(({ db }) =>
        db
          .insert(messages)
          .values({ ...base, providerId: "many-last", body: "pessego" })
          .run(),
      ),
    ]);
    expect(await marks()).toEqual({ m: null, c: null });
    expect((await indexed("pessego")).length).toBe(500);
    expect(await indexed("pessego")).toEqual(expect.arrayContaining(ids));
  });

  it("rows nobody searches for are indexed about a second after they began to wait", async () => {
    const { ticket } = await receive("later-ticket", "5511970007000", "Depois", "oi");
    const base = { companyId: 1, ticketId: ticket.id, whatsappId: wa.id };
    const ids = await Promise.all(
      ["later-1", "later-2"].map((providerId) =>
        t.kernel.database.writes.run(
          ({ db }) =>
            db
              .insert(messages)
              .values({ ...base, providerId, body: "nespera" })
              .returning()
              .get().id,
        ),
      ),
    );
    expect(await indexed("nespera")).toEqual([]);
    await vi.waitFor(async () => expect((await indexed("nespera")).sort((a, b) => a - b)).toEqual(ids.sort((a, b) => a - b)), { timeout: 3_000, interval: 100 });
    expect(await marks()).toEqual({ m: null, c: null });
  });

  it("only searches that read an index bring it up to date: a name shorter than three characters is matched with LIKE", async () => {
    // After the timer test: no catch-up is due for a second once these rows begin to wait.
    const { ticket } = await receive("short-ticket", "5511970008000", "Curto", "oi");
    const base = { companyId: 1, ticketId: ticket.id, whatsappId: wa.id };
    await Promise.all(
      ["short-1", "short-2"].map((providerId) =>
        t.kernel.database.writes.run(({ db }) =>
          db
            .insert(messages)
            .values({ ...base, providerId, body: "amora" })
            .run(),
        ),
      ),
    );
    expect((await marks())?.m).not.toBeNull();
    expect((await listTickets(t, admin, { status: "search", searchParam: "Cu", showAll: true })).status).toBe(200);
    expect((await marks())?.m).not.toBeNull();
    expect(idsOf((await listTickets(t, admin, { status: "search", searchParam: "Cur", showAll: true })).body)).toContain(ticket.id);
    expect(await marks()).toEqual({ m: null, c: null });
  });
});
