import { createHash } from "node:crypto";
import type { Client, InValue } from "@libsql/client";
import type { MigrationSet } from "./migrator.ts";

/**
 * What a full run of a set of migrations leaves in an empty database, replayable in one batch:
 * the schema objects in creation order, then the rows the migrations inserted. A first boot
 * applies it instead of the migrations when `key` says it was taken from exactly the same
 * migrations (boot time, issue 17: the migrations' `ALTER TABLE`s re-read the whole schema each,
 * about 20 ms of a 30 ms first boot). Any other database, or any other set of migrations, runs
 * the migrations themselves: the snapshot only ever replaces a run it is proven equal to
 * (tests/db/schema-snapshot.test.ts).
 */
export interface SchemaSnapshot {
  /** `migrationsKey` of the sets it was taken from. */
  key: string;
  statements: SnapshotStatement[];
}

export type SnapshotStatement = string | { sql: string; args: (string | number | null)[] };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Identifies a list of migration sets: every owner, id and SQL text, in order, so that a new,
 * removed, reordered or edited migration gives another key.
 */
export function migrationsKey(sets: readonly MigrationSet[]): string {
  const hash = createHash("sha256");
  for (const { owner, migrations } of sets) for (const m of migrations) hash.update(`${owner}\u0000${m.id}\u0000${m.sql}\u0001`);
  return hash.digest("hex");
}

/** The schema objects a database holds apart from SQLite's own, the migrations ledger and the tables virtual tables create for themselves. */
async function ownObjects(client: Client): Promise<{ type: string; name: string; sql: string }[]> {
  const rows = (await client.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")).rows.map((r) => ({
    type: String(r.type),
    name: String(r.name),
    sql: String(r.sql),
  }));
  const virtualTables = rows.filter((r) => /^CREATE\s+VIRTUAL\s+TABLE/i.test(r.sql)).map((r) => r.name);
  const isShadowTable = (r: { type: string; name: string }) => r.type === "table" && virtualTables.some((v) => r.name.startsWith(`${v}_`));
  return rows.filter((r) => !r.name.startsWith("sqlite_") && r.name !== "_migrations" && !isShadowTable(r));
}

/** True when the database holds no schema object of its own yet (the ledger aside). */
export async function isEmptyDatabase(client: Client): Promise<boolean> {
  const found = await client.execute("SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> '_migrations' LIMIT 1");
  return found.rows.length === 0;
}

function snapshotValue(value: InValue | undefined, where: string): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "bigint" && Number.isSafeInteger(Number(value))) return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  throw new Error(`schema snapshot: ${where} holds a value a snapshot cannot carry (${typeof value})`);
}

/**
 * Takes the snapshot of a database the given migrations have just built from empty (the
 * generator, `bun tests/tools/schema-snapshot.ts`, and the test that proves the file fresh).
 */
export async function takeSchemaSnapshot(client: Client, sets: readonly MigrationSet[]): Promise<SchemaSnapshot> {
  const objects = await ownObjects(client);
  const statements: SnapshotStatement[] = objects.map((o) => o.sql);
  for (const table of objects.filter((o) => o.type === "table" && !/^CREATE\s+VIRTUAL/i.test(o.sql))) {
    const result = await client.execute(`SELECT * FROM ${quote(table.name)}`);
    for (const row of result.rows) {
      const columns = result.columns;
      statements.push({
        sql: `INSERT INTO ${quote(table.name)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
        args: columns.map((c) => snapshotValue(row[c], `${table.name}.${c}`)),
      });
    }
  }
  return { key: migrationsKey(sets), statements };
}
