/** Counts of one source table. */
export interface TableCounts {
  read: number;
  imported: number;
  /** Rows already imported by an earlier run (or matched to a row we already had). */
  existing: number;
  skipped: number;
  /** reason -> how many rows it skipped */
  reasons: Record<string, number>;
}

/** What a run did, printed at the end and written as JSON with `--json`. */
export interface ImportReport {
  source: string;
  dryRun: boolean;
  startedAt: string;
  finishedAt?: string;
  seconds?: number;
  tables: Record<string, TableCounts>;
  /** Source tables the importer does not map (no home here, or not known). */
  unknownTables: string[];
  /** Columns of mapped tables the importer does not know: table -> columns. */
  unknownColumns: Record<string, string[]>;
  /** Media files named by the source but absent under --media. */
  missingMedia: string[];
  /** Problems that stopped a table or the run, one line each. */
  errors: string[];
}

export function newReport(source: string, dryRun: boolean): ImportReport {
  return { source, dryRun, startedAt: new Date().toISOString(), tables: {}, unknownTables: [], unknownColumns: {}, missingMedia: [], errors: [] };
}

export function countsOf(report: ImportReport, table: string): TableCounts {
  let c = report.tables[table];
  if (!c) report.tables[table] = c = { read: 0, imported: 0, existing: 0, skipped: 0, reasons: {} };
  return c;
}

export function skip(report: ImportReport, table: string, reason: string, n = 1): void {
  const c = countsOf(report, table);
  c.skipped += n;
  c.reasons[reason] = (c.reasons[reason] ?? 0) + n;
}

/** The report as text lines for the terminal. */
export function formatReport(r: ImportReport): string {
  const lines = [`Whaticket import from ${r.source}${r.dryRun ? " (dry run: nothing written)" : ""}, ${r.seconds?.toFixed(1) ?? "?"} s`];
  const width = Math.max(5, ...Object.keys(r.tables).map((t) => t.length));
  lines.push(`${"table".padEnd(width)}  ${"read".padStart(9)} ${"imported".padStart(9)} ${"existing".padStart(9)} ${"skipped".padStart(9)}`);
  for (const [table, c] of Object.entries(r.tables)) {
    lines.push(`${table.padEnd(width)}  ${String(c.read).padStart(9)} ${String(c.imported).padStart(9)} ${String(c.existing).padStart(9)} ${String(c.skipped).padStart(9)}`);
    for (const [reason, n] of Object.entries(c.reasons)) lines.push(`${" ".repeat(width)}    skipped ${n}: ${reason}`);
  }
  if (r.unknownTables.length) lines.push(`not imported (no mapping): ${r.unknownTables.join(", ")}`);
  for (const [table, cols] of Object.entries(r.unknownColumns)) lines.push(`unknown columns of ${table} (not imported): ${cols.join(", ")}`);
  if (r.missingMedia.length) lines.push(`missing media files (${r.missingMedia.length}): ${r.missingMedia.slice(0, 20).join(", ")}${r.missingMedia.length > 20 ? ", …" : ""}`);
  for (const e of r.errors) lines.push(`error: ${e}`);
  return lines.join("\n");
}
