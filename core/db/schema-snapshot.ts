import { createHash } from "node:crypto";
import type { Client } from "@libsql/client";
import type { MigrationSet } from "./migrator.ts";

/**
 * What a full run of a set of migrations leaves in an empty database, replayable in one batch:
 * the schema objects in creation order, then the rows the migrations inserted. A first boot
 * applies it instead of the migrations when `key` says it was taken from exactly the same
 * migrations (boot time, issue 17: the migrations' `ALTER TABLE`s re-read the whole schema each,
 * about 20 ms of a 30 ms first boot). Any other database, or any other set of migrations, runs
 * the migrations themselves: the snapshot only ever replaces a run it is proven equal to
 * (tests/architecture/schema-snapshot.test.ts). The snapshot is loaded only for an empty
 * database; `tests/tools/schema-snapshot.ts` takes it.
 */
export interface SchemaSnapshot {
  /** `migrationsKey` of the sets it was taken from. */
  key: string;
  statements: SnapshotStatement[];
}

export type SnapshotStatement = string | { sql: string; args: (string | number | null)[] };

/** Loads the snapshot (a generated module): asked for only when the database is empty. */
export type SchemaSnapshotLoader = () => Promise<SchemaSnapshot>;

/**
 * Identifies a list of migration sets: every owner, id and SQL text, in order, so that a new,
 * removed, reordered or edited migration gives another key.
 */
export function migrationsKey(sets: readonly MigrationSet[]): string {
  const hash = createHash("sha256");
  for (const { owner, migrations } of sets) for (const m of migrations) hash.update(`${owner}\u0000${m.id}\u0000${m.sql}\u0001`);
  return hash.digest("hex");
}

/** True when the database holds no schema object of its own yet (the ledger aside). */
export async function isEmptyDatabase(client: Client): Promise<boolean> {
  const found = await client.execute("SELECT 1 FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name <> '_migrations' LIMIT 1");
  return found.rows.length === 0;
}
