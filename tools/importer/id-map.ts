import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db/database.ts";

/**
 * `imported_from`: which row of ours each imported source row became. It makes a run
 * resumable (a page commits with its map rows, so an interrupted run continues after the last
 * committed page) and repeatable (a second run skips what it finds here: a cut-over imports
 * again only what is new). The importer owns this table; the server never reads it.
 */
export const CREATE_IMPORTED_FROM = `CREATE TABLE IF NOT EXISTS imported_from (
  source_table TEXT NOT NULL,
  source_id INTEGER NOT NULL,
  target_id INTEGER NOT NULL,
  PRIMARY KEY (source_table, source_id)
) WITHOUT ROWID`;

/** Looks up which of `ids` of `table` were imported, as source id -> target id. */
export async function lookupImported(db: DbOrTx, table: string, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id)))];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await db.all<{ s: number; t: number }>(
      sql`SELECT source_id AS s, target_id AS t FROM imported_from WHERE source_table = ${table} AND source_id IN (${sql.join(
        chunk.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const r of rows) out.set(Number(r.s), Number(r.t));
  }
  return out;
}

/** Records imported rows: (source table, source id) -> target id. */
export async function recordImported(db: DbOrTx, table: string, pairs: readonly (readonly [number, number])[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += 300) {
    const chunk = pairs.slice(i, i + 300);
    await db.run(
      sql`INSERT OR IGNORE INTO imported_from (source_table, source_id, target_id) VALUES ${sql.join(
        chunk.map(([s, t]) => sql`(${table}, ${s}, ${t})`),
        sql`, `,
      )}`,
    );
  }
}
