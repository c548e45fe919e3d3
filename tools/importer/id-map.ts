import type { RawSql } from "./raw-sql.ts";
import { jsonList } from "./raw-sql.ts";

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

/**
 * `import_progress`: per source table and source company, the key after which the next run
 * starts reading (import-progress in run-import.ts says when it moves). Without it a repeat
 * run reads the whole source again only to find every row in imported_from.
 */
export const CREATE_IMPORT_PROGRESS = `CREATE TABLE IF NOT EXISTS import_progress (
  source_table TEXT NOT NULL,
  source_company INTEGER NOT NULL,
  after_key TEXT NOT NULL,
  PRIMARY KEY (source_table, source_company)
) WITHOUT ROWID`;

/** Looks up which of `ids` of `table` were imported, as source id -> target id (one statement, however many ids). */
export async function lookupImported(raw: RawSql, table: string, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id)))];
  if (unique.length === 0) return out;
  const { rows } = await raw.execute("SELECT source_id, target_id FROM imported_from WHERE source_table = ? AND source_id IN (SELECT value FROM json_each(?))", [
    table,
    jsonList(unique),
  ]);
  for (const r of rows) out.set(Number(r[0]), Number(r[1]));
  return out;
}

/** The imported rows of `table` with ids from `first` to `last` (a keyset page's own ids: one index range). */
export async function lookupImportedRange(raw: RawSql, table: string, first: number, last: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const { rows } = await raw.execute("SELECT source_id, target_id FROM imported_from WHERE source_table = ? AND source_id BETWEEN ? AND ?", [table, first, last]);
  for (const r of rows) out.set(Number(r[0]), Number(r[1]));
  return out;
}

const RECORD_ROWS = 500;
const recordText = (n: number) => `INSERT OR IGNORE INTO imported_from (source_table, source_id, target_id) VALUES ${new Array(n).fill("(?, ?, ?)").join(", ")}`;
const FULL_RECORD = recordText(RECORD_ROWS);

/** Records imported rows: (source table, source id) -> target id. */
export async function recordImported(raw: RawSql, table: string, pairs: readonly (readonly [number, number])[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += RECORD_ROWS) {
    const chunk = pairs.slice(i, i + RECORD_ROWS);
    const args: (string | number)[] = [];
    for (const [s, t] of chunk) args.push(table, s, t);
    await raw.execute(chunk.length === RECORD_ROWS ? FULL_RECORD : recordText(chunk.length), args);
  }
}

/** Where the last run left `table` of `company` (0 for global tables): the key to read after, or null. */
export async function readProgress(raw: RawSql, table: string, company: number): Promise<unknown[] | null> {
  const { rows } = await raw.execute("SELECT after_key FROM import_progress WHERE source_table = ? AND source_company = ?", [table, company]);
  const text = rows[0]?.[0];
  if (typeof text !== "string") return null;
  try {
    const key = JSON.parse(text) as unknown;
    return Array.isArray(key) ? key : null;
  } catch {
    return null;
  }
}

export async function saveProgress(raw: RawSql, table: string, company: number, key: readonly unknown[]): Promise<void> {
  await raw.execute("INSERT OR REPLACE INTO import_progress (source_table, source_company, after_key) VALUES (?, ?, ?)", [table, company, JSON.stringify(key)]);
}
