import { type Client, createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type MigrationSet, migrateAll } from "../../core/db/migrator.ts";
import { kernelMigrations } from "../../core/kernel.ts";
import { schemaSnapshot } from "../../plugins/schema-snapshot.gen.ts";
import { serverPlugins } from "../../plugins/server.ts";
import { buildSnapshot } from "../tools/schema-snapshot-build.ts";

const dirs: string[] = [];
const clients: Client[] = [];
function emptyDatabase(): Client {
  const dir = mkdtempSync(join(tmpdir(), "snapshot-test-"));
  dirs.push(dir);
  const client = createClient({ url: `file:${join(dir, "app.db")}` });
  clients.push(client);
  return client;
}
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/**
 * Everything a database holds: every schema object (SQLite's own and the full-text indexes'
 * shadow tables included) and every table's rows, the ledger without its timestamps. The
 * shadow tables' rows are left out: an index emptied by a migration's 'rebuild' and a new one
 * differ by an empty structure record, and full-text integrity checks cover them instead.
 */
async function contents(client: Client) {
  const objects = (await client.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")).rows.map((r) => ({ ...r }));
  const fullText = objects.filter((o) => /^CREATE VIRTUAL TABLE/i.test(String(o.sql))).map((o) => String(o.name));
  const tables: Record<string, unknown[]> = {};
  for (const { name } of objects.filter((o) => o.type === "table" && !fullText.some((f) => String(o.name).startsWith(`${f}_`)))) {
    const columns = name === "_migrations" ? "owner, id" : "*";
    tables[String(name)] = (await client.execute(`SELECT ${columns} FROM "${String(name)}"`)).rows.map((r) => JSON.stringify({ ...r })).sort();
  }
  return { objects, tables };
}

const sets = kernelMigrations(serverPlugins);
const snapshot = async () => schemaSnapshot;

describe("the first boot's schema snapshot (plugins/schema-snapshot.gen.ts)", () => {
  it("is what the current migrations build (else run `bun tests/tools/schema-snapshot.ts`)", async () => {
    const fresh = await buildSnapshot();
    expect(schemaSnapshot.key, "plugins/schema-snapshot.gen.ts is stale: run `bun tests/tools/schema-snapshot.ts`").toBe(fresh.key);
    expect(schemaSnapshot).toEqual(fresh);
  });

  it("builds the very database the migrations build, ledger included, and leaves nothing to apply after it", async () => {
    const migrated = emptyDatabase();
    const fromMigrations = await migrateAll(migrated, sets);
    const snapshotted = emptyDatabase();
    const fromSnapshot = await migrateAll(snapshotted, sets, { snapshot });

    expect(fromSnapshot).toEqual(fromMigrations);
    expect(await contents(snapshotted)).toEqual(await contents(migrated));
    expect(await migrateAll(snapshotted, sets, { snapshot })).toEqual({});
    // The full-text indexes the snapshot created are sound and find what is written after it.
    for (const index of ["messages_fts", "ticket_contacts_fts"]) await snapshotted.execute(`INSERT INTO "${index}"("${index}") VALUES ('integrity-check')`);
    await snapshotted.execute("INSERT INTO messages_fts(rowid, body) VALUES (1, 'orçamento de licenças')");
    expect((await snapshotted.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'licenças'")).rows.length).toBe(1);
  });

  it("is ignored for any other set of migrations: they run themselves", async () => {
    const extra: MigrationSet = { owner: "scratch", migrations: [{ id: "0000_init", sql: "CREATE TABLE `scratch_notes` (`id` integer PRIMARY KEY)" }] };
    const client = emptyDatabase();
    const ran = await migrateAll(client, [...sets, extra], { snapshot });
    expect(ran.scratch).toEqual(["0000_init"]);
    expect(Object.keys(ran).length).toBe(sets.filter((s) => s.migrations.length).length + 1);
    const plain = emptyDatabase();
    await migrateAll(plain, [...sets, extra]);
    expect(await contents(client)).toEqual(await contents(plain));
  });

  it("on a database that already holds tables without a ledger, applies nothing and reports the clash", async () => {
    const client = emptyDatabase();
    await client.execute("CREATE TABLE `companies` (`id` integer PRIMARY KEY)");
    await expect(migrateAll(client, sets, { snapshot })).rejects.toThrow(/already exists/);
    expect((await client.execute("SELECT count(*) AS n FROM _migrations")).rows[0]?.n).toBe(0);
  });
});
