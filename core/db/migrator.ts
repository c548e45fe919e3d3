import type { Client } from "@libsql/client";

/** One migration step: drizzle-kit's SQL, statements split by its breakpoint marker. */
export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applies each owner's (core or a plugin) migrations once, in order, each inside one
 * write batch so a failed step leaves nothing half-applied. One bookkeeping table keyed
 * by (owner, id) serves every owner, which avoids drizzle's pitfall of several journals
 * fighting over a single migrations table.
 */
export async function migrate(client: Client, owner: string, migrations: readonly Migration[]): Promise<string[]> {
  await client.execute("CREATE TABLE IF NOT EXISTS _migrations (owner TEXT NOT NULL, id TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (owner, id))");
  const done = await client.execute({ sql: "SELECT id FROM _migrations WHERE owner = ?", args: [owner] });
  const applied = new Set(done.rows.map((r) => String(r.id)));
  const ran: string[] = [];
  for (const m of migrations) {
    if (applied.has(m.id)) continue;
    const statements = m.sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    await client.batch([...statements, { sql: "INSERT INTO _migrations (owner, id, applied_at) VALUES (?, ?, ?)", args: [owner, m.id, new Date().toISOString()] }], "write");
    ran.push(m.id);
  }
  return ran;
}
