import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../../core/db/database.ts";
import { migrate } from "../../../../core/db/migrator.ts";
import { migrations as coreMigrations } from "../../../../core/db/migrations/migrations.gen.ts";
import { createUser } from "../../../../tests/support/fixtures.ts";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../../tests/support/test-kernel.ts";
import { apiCustomerWorld, type ApiCustomerWorld } from "../testing/api-customer.fixtures.ts";

/**
 * A message keeps the queue and the attendant it was written under, and outlives both
 * (schema: ON DELETE SET NULL). Migration 0001 added the two columns with plain
 * REFERENCES, so deleting a queue or a user who had written a message failed with a
 * foreign-key error (a 500) until 0015 rebuilt the table.
 */
const THE_REBUILD = "0015_messages_references_set_null";

let w: ApiCustomerWorld | null = null;
let t: TestKernel | null = null;
const dirs: string[] = [];
afterEach(async () => {
  await w?.close();
  await t?.close();
  w = null;
  t = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const foreignKeys = async (k: TestKernel) =>
  Object.fromEntries(
    (await k.kernel.database.client.execute('SELECT "from", "table", on_delete FROM pragma_foreign_key_list(\'messages\')')).rows.map((r) => [
      String(r.from),
      `${String(r.table)} ${String(r.on_delete)}`,
    ]),
  );
const schemaOf = async (k: TestKernel) =>
  (await k.kernel.database.client.execute("SELECT type, name FROM sqlite_master WHERE tbl_name = 'messages' ORDER BY type, name")).rows.map(
    (r) => `${String(r.type)} ${String(r.name)}`,
  );

const EXPECTED_SCHEMA = [
  "index messages_company_created_idx",
  "index messages_company_idx",
  "index messages_provider_unique",
  "index messages_ticket_created_idx",
  "table messages",
  "trigger messages_fts_ad",
  "trigger messages_fts_ai",
  "trigger messages_fts_au",
  "trigger messages_report_durations_ad",
  "trigger messages_report_durations_ai",
  "trigger messages_report_durations_au",
];

describe("messages outlive their queue and their attendant", () => {
  it("DELETE /queue/{id} after a message was written in it: 200, the message stays with no queue", async () => {
    w = await apiCustomerWorld();
    const ticketId = await w.customerWrites("Ana", "Olá");
    expect((await w.put(w.admin.token, ticketId, { status: "open", queueId: w.queueA.id })).status).toBe(200);
    const attendant = await w.attendant([w.queueA.id]);
    expect((await w.put(w.admin.token, ticketId, { userId: attendant.user.id, queueId: w.queueA.id, isTransfered: true })).status).toBe(200);
    const sent = await w.t.call("POST", `/messages/${ticketId}`, { token: attendant.token, body: { body: "Resposta na fila" } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const before = await w.t.kernel.database.client.execute({
      sql: "SELECT id, queue_id, user_id FROM messages WHERE ticket_id = ? AND body = ?",
      args: [ticketId, "Resposta na fila"],
    });
    expect(before.rows[0]).toMatchObject({ queue_id: w.queueA.id, user_id: attendant.user.id });

    const removed = await w.t.call("DELETE", `/queue/${w.queueA.id}`, { token: w.admin.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const removedUser = await w.t.call("DELETE", `/users/${attendant.user.id}`, { token: w.admin.token });
    expect(removedUser.status, JSON.stringify(removedUser.body)).toBe(200);

    const after = await w.t.kernel.database.client.execute({ sql: "SELECT id, queue_id, user_id FROM messages WHERE id = ?", args: [Number(before.rows[0]!.id)] });
    expect(after.rows[0]).toMatchObject({ queue_id: null, user_id: null });
    expect(await foreignKeys(w.t)).toMatchObject({ queue_id: "queues SET NULL", user_id: "users SET NULL" });
    expect(await schemaOf(w.t)).toEqual(EXPECTED_SCHEMA);
  });

  it("a database of the previous release is rebuilt in place: rows, ids, the id sequence and the full-text index kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "messages-refs-"));
    dirs.push(dir);
    const url = `file:${join(dir, "old.db")}`;
    const old = await openDatabase(url);
    await migrate(old.client, "core", coreMigrations);
    for (const p of serverPlugins)
      await migrate(
        old.client,
        p.manifest.id,
        // The previous release: tickets' migrations up to the rebuild (those after it came later).
        p.manifest.id === "tickets"
          ? (p.migrations ?? []).slice(
              0,
              (p.migrations ?? []).findIndex((m) => m.id === THE_REBUILD),
            )
          : (p.migrations ?? []),
      );
    const now = new Date().toISOString();
    for (const sql of [
      "INSERT INTO companies (id, name, created_at, updated_at) VALUES (2, 'Loja Antiga', ?1, ?1)",
      "INSERT INTO whatsapps (id, company_id, name, token, created_at, updated_at) VALUES (5, 2, 'Principal', 'tok-five-000000000000000000000', ?1, ?1)",
      "INSERT INTO queues (id, company_id, name, color, created_at, updated_at) VALUES (7, 2, 'Vendas', '#aa0000', ?1, ?1)",
      "INSERT INTO contacts (id, company_id, name, number, created_at, updated_at) VALUES (9, 2, 'Bia', '5511999990000', ?1, ?1)",
      "INSERT INTO tickets (id, uuid, company_id, contact_id, whatsapp_id, queue_id, status, created_at, updated_at) VALUES (11, 'u-11', 2, 9, 5, 7, 'open', ?1, ?1)",
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, queue_id, participant, created_at, updated_at) VALUES
        (40, 2, 11, 9, 5, 'p-40', 'pedido de orçamento', 7, NULL, ?1, ?1),
        (41, 2, 11, 9, 5, 'p-41', 'segunda mensagem', 7, 'alguém', ?1, ?1),
        (45, 2, 11, 9, 5, 'p-45', 'apagada depois', 7, NULL, ?1, ?1)`,
      // The newest message went away: a rebuilt table must not hand its id out again.
      "DELETE FROM messages WHERE id = 45",
    ])
      await old.client.execute({ sql, args: [now] });
    old.close();

    t = await createTestKernel({ env: { DATABASE_URL: url } });
    expect(await foreignKeys(t)).toMatchObject({ queue_id: "queues SET NULL", user_id: "users SET NULL", ticket_id: "tickets CASCADE" });
    expect(await schemaOf(t)).toEqual(EXPECTED_SCHEMA);
    const kept = await t.kernel.database.client.execute("SELECT id, body, queue_id, participant FROM messages ORDER BY id");
    expect(kept.rows.map((r) => [r.id, r.body, r.queue_id, r.participant])).toEqual([
      [40, "pedido de orçamento", 7, null],
      [41, "segunda mensagem", 7, "alguém"],
    ]);
    expect((await t.kernel.database.client.execute("SELECT seq FROM sqlite_sequence WHERE name = 'messages'")).rows[0]?.seq).toBe(45);

    // The company's admin (a user of the old release would be created the same way).
    const admin = await createUser(t, 2, { profile: "admin" });
    const search = async (word: string) =>
      (await t!.call("GET", `/tickets?status=search&searchParam=${encodeURIComponent(word)}&searchOnMessages=true&showAll=true`, { token: admin.token })).body.tickets.map(
        (x: { id: number }) => x.id,
      );
    expect(await search("orcamento")).toEqual([11]);
    // The triggers index what is written after the rebuild, and forget what is deleted.
    await t.kernel.database.client.execute({
      sql: "INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, provider_id, body, created_at, updated_at) VALUES (2, 11, 9, 5, 'p-new', 'girassol amarelo', ?1, ?1)",
      args: [now],
    });
    expect(Number((await t.kernel.database.client.execute("SELECT max(id) AS id FROM messages")).rows[0]!.id)).toBe(46);
    expect(await search("girassol")).toEqual([11]);
    await t.kernel.database.client.execute("DELETE FROM messages WHERE id = 40");
    expect(await search("orcamento")).toEqual([]);

    const removed = await t.call("DELETE", "/queue/7", { token: admin.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await t.kernel.database.client.execute("SELECT count(*) AS n FROM messages WHERE queue_id IS NOT NULL")).rows[0]!.n).toBe(0);
  });
});
