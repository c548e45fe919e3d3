import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Tx } from "../../core/db/database.ts";
import type { Kernel } from "../../core/kernel.ts";
import type { MediaCopier } from "./media.ts";
import type { RawSql } from "./raw-sql.ts";
import type { Row, SourceDb } from "./source.ts";

/** A row to write into one of our tables. */
export interface Write {
  table: SQLiteTable;
  values: Record<string, unknown>;
}

/** A change to one of our rows by id (a ticket's times from TicketTraking). */
export interface Change {
  table: SQLiteTable;
  id: number;
  values: Record<string, unknown>;
}

/**
 * What one source row became: a new row of ours (`insert`; for a link table, inserted unless
 * it is already there), a row we already had (`existing`), or nothing (`skip`, and why).
 * `update` fills a row of ours from it (a ticket's times from TicketTraking). A `skip` is
 * retried by the next run (its ticket may have come over by then) unless `permanent` (a log
 * type we do not know stays unknown): see import_progress in run-import.ts.
 * `also` are rows that hang off it (a plan's feature switches), written after the page's
 * inserts and kept when already there; `changes` update rows of ours; `after` runs last (a
 * new company's default settings, through the kernel's own service).
 */
export type Outcome = { source: number | null; also?: Write[]; changes?: Change[]; after?: (tx: Tx) => Promise<void> } & (
  | { insert: Write }
  | { existing: number }
  | { update: Change }
  | { skip: string; permanent?: boolean }
);

/** What a step may use while it maps one page, inside the page's transaction. */
export interface PageContext {
  tx: Tx;
  /** The same transaction for plain SQL (raw-sql.ts): lookups of a whole page in one statement. */
  raw: RawSql;
  /** The target company of the page (null for global tables). */
  companyId: number | null;
  /** Our id of an imported source row (undefined: not imported, or null/absent in the source). */
  ref(table: string, id: unknown): number | undefined;
  /** A fresh id for a new row of `table` (ids are given out in the page's transaction, so rows of one page may point at each other). */
  newId(table: SQLiteTable): Promise<number>;
  media: MediaCopier;
  /** The source company of the page (null for global tables): the old media folders are per company. */
  sourceCompanyId: number | null;
  /** The source, for a step that reads a page's children itself. */
  source: SourceDb;
  /** The booted kernel (its settings service seeds a new company as the server does). */
  kernel: Kernel;
}

/**
 * One source table's import: which columns it knows, how its rows belong to a company, what
 * other source tables they point at, and how a page of them maps to our rows.
 */
export interface Step {
  /** The source table, as the old server names it ("Tickets"). */
  table: string;
  /**
   * A second pass over a table (its links to rows imported after it: "Queues links"): the
   * name its report line, import_progress and imported_from rows go by instead of `table`.
   */
  name?: string;
  /** The columns it reads; others of the table are listed as unknown in the report. */
  known: readonly string[];
  /** Columns without which the table cannot be imported (a missing one: a report line, the table skipped). */
  required?: readonly string[];
  /** Rows of one company: a WHERE fragment where `$company` is the source company id; null for global tables (read once). */
  scope: string | null;
  /** The keyset order: ["id"], or a link table's key columns. */
  key: readonly string[];
  /** Whether rows have an `id` recorded in imported_from (link tables have none: they insert or find their link). */
  mapped: boolean;
  /** column -> the source table its values are ids of; looked up once per page. */
  refs?: Record<string, string>;
  /** Maps a page of rows, in order. */
  map(rows: Row[], ctx: PageContext): Promise<Outcome[]>;
}
