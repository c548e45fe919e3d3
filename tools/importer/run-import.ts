import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Kernel } from "../../core/kernel.ts";
import type { DbOrTx, Tx } from "../../core/db/database.ts";
import { CREATE_IMPORT_PROGRESS, CREATE_IMPORTED_FROM, lookupImported, lookupImportedRange, readProgress, recordImported, saveProgress } from "./id-map.ts";
import { MediaCopier } from "./media.ts";
import { insertRows, type RawSql, rawOf, updateRow } from "./raw-sql.ts";
import { countsOf, type ImportReport, newReport, skip } from "./report.ts";
import type { Outcome, PageContext, Step, Write } from "./step.ts";
import type { Row, SourceDb } from "./source.ts";

export interface ImportOptions {
  /** The source URL with its password masked, for the report. */
  sourceLabel: string;
  /** The old backend's public/ folder, or null. */
  media: string | null;
  /** Import only this source company. */
  company: number | null;
  /** Read and validate everything inside one transaction that is rolled back; copy no file. */
  dryRun: boolean;
  pageSize: number;
  /** Progress lines (stderr in the command). */
  progress?: (line: string) => void;
  /** Called after each committed page with the rows imported so far (the tests interrupt a run here). */
  afterPage?: (importedSoFar: number) => void;
}

/** Thrown to roll the dry run's transaction back once the report is complete. */
class DryRunDone extends Error {}

/**
 * Runs the steps in dependency order: the global ones once, then for each source company
 * every company step, each in keyset pages. A page maps and writes in one transaction with
 * its imported_from rows; a page that fails is retried row by row, so one broken row is one
 * report line and the rest of the page lands.
 */
export async function runImport(kernel: Kernel, source: SourceDb, steps: readonly Step[], options: ImportOptions): Promise<ImportReport> {
  const report = newReport(options.sourceLabel, options.dryRun);
  const started = performance.now();
  const media = new MediaCopier(options.media, kernel.storage.root, options.dryRun);
  listUnknown(source, steps, report);
  let importedSoFar = 0;

  const body = async (db: DbOrTx) => {
    const raw = rawOf(db);
    await raw.execute(CREATE_IMPORTED_FROM);
    await raw.execute(CREATE_IMPORT_PROGRESS);
    const runnable = steps.filter((step) => {
      // A second step of a table (its links) says nothing more when the table cannot be read.
      if (!source.has(step.table)) {
        if (!step.name) report.errors.push(`source table "${step.table}" is missing: nothing imported from it`);
        return false;
      }
      const missing = (step.required ?? []).filter((c) => !source.has(step.table, c));
      if (missing.length && !step.name) report.errors.push(`source table "${step.table}" lacks ${missing.map((c) => `"${c}"`).join(", ")}: nothing imported from it`);
      return missing.length === 0;
    });
    const companies = source.has("Companies") ? await source.companyIds(options.company) : [];
    if (options.company !== null && companies.length === 0) report.errors.push(`source company ${options.company} does not exist`);
    for (const step of runnable.filter((s) => s.scope === null)) await runStep(step, null, null);
    for (const sourceCompany of companies)
      for (const step of runnable.filter((s) => s.scope !== null)) {
        // A company that was not imported (see the Companies line) takes none of its rows.
        const target = (await lookupImported(raw, "Companies", [sourceCompany])).get(sourceCompany) ?? null;
        if (step.table !== "Companies" && target === null) continue;
        await runStep(step, sourceCompany, target);
      }
    report.missingMedia = media.missing;
    if (options.dryRun) throw new DryRunDone();

    /**
     * One table of one company, page by page from where the last run left it. The saved key
     * (import_progress) moves while every row so far landed, and lags one page behind: a
     * repeat run reads the last page again (a row the old server committed late under an id
     * we had passed), then only what is new. A row skipped for want of another (its ticket
     * was not imported) or that failed to write stops it moving, so the next run reads from
     * that page again and retries the row; a row skipped for good (a log type unknown here)
     * does not.
     */
    async function runStep(step: Step, sourceCompany: number | null, targetCompany: number | null) {
      const counts = countsOf(report, keyOf(step));
      const progressCompany = sourceCompany ?? 0;
      let after: unknown[] | null = await readProgress(raw, keyOf(step), progressCompany);
      let clean = true;
      for (;;) {
        const rows = await source.page(step.table, { columns: step.known, key: step.key, scope: step.scope, companyId: sourceCompany, after, limit: options.pageSize });
        if (rows.length === 0) break;
        const pageStart = after;
        const last = rows[rows.length - 1]!;
        after = step.key.map((k) => last[k]);
        counts.read += rows.length;
        let fresh = rows;
        if (step.mapped) {
          // Keyset order: the page's ids run from its first row's to its last's.
          const done = await lookupImportedRange(raw, keyOf(step), Number(rows[0]!.id), Number(last.id));
          fresh = rows.filter((r) => !done.has(Number(r.id)));
          counts.existing += rows.length - fresh.length;
        }
        // The key saved with this page: the one before it (a page of margin), while all landed.
        const save: unknown[] | null = clean && pageStart ? pageStart : null;
        if (fresh.length) {
          const refs = await loadRefs(raw, step, fresh);
          try {
            const landed: boolean = await within(
              db,
              (tx): Promise<boolean> => writePage(tx, step, fresh, refs, sourceCompany, targetCompany, clean ? { company: progressCompany, key: save } : null),
            );
            clean &&= landed;
          } catch (err) {
            if (err instanceof DryRunDone) throw err;
            // One bad row must not cost the page: each row alone, the failing ones reported.
            clean = false;
            for (const row of fresh)
              await within(db, (tx) => writePage(tx, step, [row], refs, sourceCompany, targetCompany, null)).catch((rowErr: unknown) => {
                skip(report, keyOf(step), `could not be written: ${reasonOf(rowErr)}`);
              });
          }
        } else if (save) await saveProgress(raw, keyOf(step), progressCompany, save);
        importedSoFar += fresh.length;
        options.progress?.(`${sourceCompany === null ? "" : `company ${sourceCompany}: `}${keyOf(step)} ${counts.read} read, ${counts.imported} imported`);
        options.afterPage?.(importedSoFar);
        if (rows.length < options.pageSize) break;
      }
    }

    /** Maps and writes one page in its transaction; answers whether every row landed (none waits for another table's row). */
    async function writePage(
      tx: Tx,
      step: Step,
      rows: Row[],
      refs: Map<string, Map<number, number>>,
      sourceCompanyId: number | null,
      companyId: number | null,
      progress: { company: number; key: unknown[] | null } | null,
    ): Promise<boolean> {
      const txRaw = rawOf(tx);
      const next = new Map<SQLiteTable, number>();
      const ctx: PageContext = {
        tx,
        raw: txRaw,
        companyId,
        sourceCompanyId,
        source,
        kernel,
        media,
        ref: (table, id) => (id === null || id === undefined ? undefined : refs.get(table)?.get(Number(id))),
        async newId(table) {
          let n = next.get(table);
          if (n === undefined) n = await maxId(txRaw, table);
          next.set(table, n + 1);
          return n + 1;
        },
      };
      const outcomes = await step.map(rows, ctx);
      const counts = countsOf(report, keyOf(step));
      const tally = { imported: 0, existing: 0, skipped: [] as string[] };
      const inserts = outcomes.filter((o): o is Outcome & { insert: Write } => "insert" in o);
      for (const [table, values] of groupByTable(inserts.map((o) => o.insert))) {
        const added = await insertChunks(tx, txRaw, table, values, !step.mapped);
        tally.imported += added;
        tally.existing += values.length - added;
      }
      for (const [table, values] of groupByTable(outcomes.flatMap((o) => o.also ?? []))) await insertChunks(tx, txRaw, table, values, true);
      for (const change of outcomes.flatMap((o) => [...("update" in o ? [o.update] : []), ...(o.changes ?? [])])) await updateRow(txRaw, change.table, change.id, change.values);
      for (const o of outcomes) if (o.after) await o.after(tx);
      const pairs: [number, number][] = [];
      let landed = true;
      for (const o of outcomes) {
        if ("skip" in o) {
          tally.skipped.push(o.skip);
          if (!o.permanent) landed = false;
        } else if ("existing" in o) tally.existing += 1;
        else if ("update" in o) tally.imported += 1;
        if (step.mapped && o.source !== null) {
          if ("insert" in o) pairs.push([o.source, Number(o.insert.values.id)]);
          else if ("existing" in o) pairs.push([o.source, o.existing]);
          else if ("update" in o) pairs.push([o.source, o.update.id]);
        }
      }
      await recordImported(txRaw, keyOf(step), pairs);
      if (landed && progress?.key) await saveProgress(txRaw, keyOf(step), progress.company, progress.key);
      // Counted last: a page that fails before here is retried row by row and counts its rows once.
      counts.imported += tally.imported;
      counts.existing += tally.existing;
      for (const reason of tally.skipped) skip(report, keyOf(step), reason);
      return landed;
    }
  };

  try {
    if (options.dryRun) await kernel.db.transaction(async (tx) => body(tx));
    else await body(kernel.db);
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
  }
  report.finishedAt = new Date().toISOString();
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

/** What a step's counts, progress and imported_from rows go by: its own name, or its source table. */
const keyOf = (step: Step): string => step.name ?? step.table;

/** A transaction of its own, or a savepoint inside the dry run's. */
function within<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(fn) as Promise<T>;
}

/** The ids of the page's referenced source rows that were imported, per source table. */
async function loadRefs(raw: RawSql, step: Step, rows: Row[]): Promise<Map<string, Map<number, number>>> {
  const byTable = new Map<string, number[]>();
  for (const [column, table] of Object.entries(step.refs ?? {})) {
    const list = byTable.get(table) ?? [];
    for (const r of rows) if (r[column] !== null && r[column] !== undefined) list.push(Number(r[column]));
    byTable.set(table, list);
  }
  const out = new Map<string, Map<number, number>>();
  for (const [table, ids] of byTable) out.set(table, await lookupImported(raw, table, ids));
  return out;
}

/** The highest id a new row must pass: the table's largest, or an AUTOINCREMENT sequence already beyond it. */
async function maxId(raw: RawSql, table: SQLiteTable): Promise<number> {
  const name = getTableName(table);
  const { rows } = await raw.execute(
    `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0), coalesce((SELECT max(id) FROM "${name.replace(/"/g, '""')}"), 0))`,
    [name],
  );
  return Number(rows[0]?.[0] ?? 0);
}

function groupByTable(writes: Write[]): Map<SQLiteTable, Record<string, unknown>[]> {
  const out = new Map<SQLiteTable, Record<string, unknown>[]>();
  for (const w of writes) {
    const list = out.get(w.table) ?? [];
    list.push(w.values);
    out.set(w.table, list);
  }
  return out;
}

/**
 * Multi-row inserts (raw-sql.ts; drizzle's builder when a default is SQL); with
 * `ignoreExisting`, rows hitting a unique key are left out. Answers the rows written.
 */
async function insertChunks(tx: Tx, raw: RawSql, table: SQLiteTable, values: Record<string, unknown>[], ignoreExisting: boolean): Promise<number> {
  const fast = await insertRows(raw, table, values, ignoreExisting);
  if (fast !== null) return fast;
  const width = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(30_000 / width));
  let written = 0;
  for (let i = 0; i < values.length; i += size) {
    const chunk = values.slice(i, i + size);
    const insert = tx.insert(table).values(chunk as never);
    const result = ignoreExisting ? await insert.onConflictDoNothing() : await insert;
    written += Number((result as { rowsAffected?: number }).rowsAffected ?? chunk.length);
  }
  return written;
}

/** The source tables no step maps, and the unknown columns of the mapped ones. */
function listUnknown(source: SourceDb, steps: readonly Step[], report: ImportReport) {
  const mapped = new Map<string, Set<string>>();
  for (const s of steps) {
    const set = mapped.get(s.table) ?? new Set<string>();
    for (const c of s.known) set.add(c);
    mapped.set(s.table, set);
  }
  for (const [table, columns] of [...source.columns].sort(([a], [b]) => a.localeCompare(b))) {
    const known = mapped.get(table);
    if (!known) report.unknownTables.push(table);
    else {
      const extra = [...columns].filter((c) => !known.has(c) && !IGNORED_COLUMNS.has(c)).sort();
      if (extra.length) report.unknownColumns[table] = extra;
    }
  }
}

/** Columns every Sequelize table has that mean nothing here. */
const IGNORED_COLUMNS = new Set<string>([]);

function reasonOf(err: unknown): string {
  const e = err as { cause?: { message?: string }; message?: string };
  return String(e?.cause?.message ?? e?.message ?? err)
    .split("\n")[0]!
    .slice(0, 200);
}
