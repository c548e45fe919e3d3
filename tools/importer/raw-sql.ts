import type { InArgs, ResultSet } from "@libsql/client";
import { getTableColumns, getTableName, is, SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../core/db/database.ts";

/**
 * Plain SQL text with positional arguments, run on the connection (or the open transaction)
 * behind a drizzle handle. Why: a page of 1,000 messages is ~30,000 bound values, and drizzle
 * builds each one as a chunk of a query tree (a third of the importer's CPU in the profile);
 * here a statement is a string and an array, and its fixed text (full chunks of rows, one
 * `json_each(?)` for any list of ids) is prepared once and reused by the driver's statement
 * cache (core/db/statement-cache.ts).
 */
export interface RawSql {
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  /** The rows as arrays of their column values, in the statement's column order. */
  values(sql: string, args?: InArgs): Promise<unknown[][]>;
}

/** What drizzle's libSQL handles carry (drizzle-orm/libsql/session.js): the client, and the libSQL transaction when inside one. */
interface LibsqlSession {
  client?: { execute(stmt: { sql: string; args: InArgs }): Promise<ResultSet> };
  tx?: { execute(stmt: { sql: string; args: InArgs }): Promise<ResultSet> } | null;
}

/** The raw executor of a drizzle database or transaction (a savepoint runs on its transaction's). */
export function rawOf(db: DbOrTx): RawSql {
  const session = (db as unknown as { session?: LibsqlSession }).session;
  const target = session?.tx ?? session?.client;
  if (!target) throw new Error("the importer needs the libSQL driver's session (drizzle-orm/libsql)");
  const execute = (sql: string, args: InArgs = []) => target.execute({ sql, args });
  return {
    execute,
    async values(sql, args) {
      const { rows, columns } = await execute(sql, args);
      return rows.map((row) => columns.map((_, i) => row[i]));
    },
  };
}

/** A JSON array argument for `json_each(?)`: any number of values in one bound parameter. */
export const jsonList = (values: readonly unknown[]): string => JSON.stringify(values);

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface ColumnPlan {
  key: string;
  column: SQLiteColumn;
}

/** Rows per multi-row INSERT: under SQLite's 32,766 bound values, and a fixed count so full chunks reuse one prepared statement. */
export function rowsPerInsert(width: number): number {
  return Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, width))));
}

/**
 * Multi-row INSERT of drizzle-typed values (property names, JS values), converted as drizzle
 * would: each value through its column's driver mapping (booleans, JSON), a missing one from
 * the column's `$defaultFn` / `$onUpdate` or its static default, else left to the table's
 * DEFAULT. `orIgnore`: rows hitting a unique key are left out. Answers the rows written.
 * Answers null when a chunk needs a default that is SQL (the caller then uses drizzle).
 */
export async function insertRows(raw: RawSql, table: SQLiteTable, values: readonly Record<string, unknown>[], orIgnore: boolean): Promise<number | null> {
  if (values.length === 0) return 0;
  const all = getTableColumns(table) as Record<string, SQLiteColumn>;
  const present = new Set<string>();
  for (const v of values) for (const k in v) if (v[k] !== undefined) present.add(k);
  const plan: ColumnPlan[] = [];
  for (const [key, column] of Object.entries(all)) {
    const generated = column.defaultFn !== undefined || column.onUpdateFn !== undefined;
    if (present.has(key) || generated) plan.push({ key, column });
  }
  // A row lacking a value that another row of the chunk has: its default must be a value.
  for (const { key, column } of plan)
    if (column.defaultFn === undefined && column.onUpdateFn === undefined && is(column.default, SQL) && values.some((v) => v[key] === undefined)) return null;
  const head = `INSERT${orIgnore ? " OR IGNORE" : ""} INTO ${quote(getTableName(table))} (${plan.map((p) => quote(p.column.name)).join(", ")}) VALUES `;
  const tuple = `(${plan.map(() => "?").join(", ")})`;
  const size = rowsPerInsert(plan.length);
  let written = 0;
  for (let i = 0; i < values.length; i += size) {
    const chunk = values.slice(i, i + size);
    const args: InArgs = [];
    for (const row of chunk)
      for (const { key, column } of plan) {
        let v = row[key];
        if (v === undefined) {
          if (column.defaultFn) v = column.defaultFn();
          else if (column.onUpdateFn) v = column.onUpdateFn();
          else v = column.default ?? null;
        }
        if (is(v, SQL)) throw new Error(`${getTableName(table)}.${column.name}: a default made of SQL cannot be bound`);
        (args as unknown[]).push(v === null || v === undefined ? null : column.mapToDriverValue(v));
      }
    const text = head + new Array(chunk.length).fill(tuple).join(", ");
    written += (await raw.execute(text, args)).rowsAffected;
  }
  return written;
}

/** UPDATE of one row by id with drizzle-typed values (property names, JS values). */
export async function updateRow(raw: RawSql, table: SQLiteTable, id: number, values: Record<string, unknown>): Promise<void> {
  const all = getTableColumns(table) as Record<string, SQLiteColumn>;
  const sets: string[] = [];
  const args: unknown[] = [];
  for (const [key, v] of Object.entries(values)) {
    const column = all[key];
    if (!column || v === undefined) continue;
    sets.push(`${quote(column.name)} = ?`);
    args.push(v === null ? null : column.mapToDriverValue(v));
  }
  if (!sets.length || !all.id) return;
  args.push(id);
  await raw.execute(`UPDATE ${quote(getTableName(table))} SET ${sets.join(", ")} WHERE ${quote(all.id.name)} = ?`, args as InArgs);
}
