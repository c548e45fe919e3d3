import type { Client, InStatement } from "@libsql/client";
import { isEmptyDatabase, migrationsKey, type SchemaSnapshotLoader } from "./schema-snapshot.ts";

/** One migration step: drizzle-kit's SQL, statements split by its breakpoint marker. */
export interface Migration {
  id: string;
  sql: string;
}

/** The migrations of one owner: the kernel ("core") or a plugin, in the order they apply. */
export interface MigrationSet {
  owner: string;
  migrations: readonly Migration[];
}

const LEDGER = "CREATE TABLE IF NOT EXISTS _migrations (owner TEXT NOT NULL, id TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (owner, id))";

/**
 * Applies each owner's migrations once, in order (owners in the order given), all pending steps
 * inside one write batch so a failed step leaves nothing half-applied. One bookkeeping table keyed by
 * (owner, id) serves every owner, which avoids drizzle's pitfall of several journals fighting
 * over a single migrations table. The ledger is read once for all owners: a restart with nothing
 * to apply costs two statements, not two per plugin (boot time, issue 17). On an empty database,
 * `options.snapshot`, when taken from exactly these migrations, stands in for running them
 * (schema-snapshot.ts); the ledger records every migration as applied either way.
 * @example await migrateAll(client, [{ owner: "core", migrations }, { owner: "tags", migrations: tagMigrations }]);
 */
export async function migrateAll(client: Client, sets: readonly MigrationSet[], options: { snapshot?: SchemaSnapshotLoader } = {}): Promise<Record<string, string[]>> {
  await client.execute(LEDGER);
  const done = await client.execute("SELECT owner, id FROM _migrations");
  const applied = new Set(done.rows.map((r) => `${String(r.owner)}\u0000${String(r.id)}`));
  const ran: Record<string, string[]> = {};
  const steps: InStatement[] = [];
  const appliedAt = new Date().toISOString();
  const snapshot = applied.size === 0 && options.snapshot && (await isEmptyDatabase(client)) ? await options.snapshot() : undefined;
  const fromSnapshot = snapshot !== undefined && snapshot.key === migrationsKey(sets);
  if (fromSnapshot) steps.push(...snapshot.statements);
  for (const { owner, migrations } of sets) {
    for (const m of migrations) {
      if (applied.has(`${owner}\u0000${m.id}`)) continue;
      if (!fromSnapshot)
        steps.push(
          ...m.sql
            .split("--> statement-breakpoint")
            .map((s) => s.trim())
            .filter(Boolean),
        );
      steps.push({ sql: "INSERT INTO _migrations (owner, id, applied_at) VALUES (?, ?, ?)", args: [owner, m.id, appliedAt] });
      (ran[owner] ??= []).push(m.id);
    }
  }
  // Every pending step in one transaction: all of them land or none does (a first boot applies
  // them all at once, about 4x faster than a transaction per migration).
  if (steps.length) await client.batch(steps, "write");
  return ran;
}

/** One owner's migrations (`migrateAll` with a single set); tests use it to build an older database. */
export async function migrate(client: Client, owner: string, migrations: readonly Migration[]): Promise<string[]> {
  return (await migrateAll(client, [{ owner, migrations }]))[owner] ?? [];
}
