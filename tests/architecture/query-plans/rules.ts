/**
 * What a good plan of a list or page query looks like, read from `EXPLAIN QUERY PLAN`:
 * - no `SCAN` of a tenant table (a table with company_id, or hanging off a ticket or contact):
 *   that reads every company's rows. FTS5 tables are searched through their own index
 *   (`SCAN messages_fts VIRTUAL TABLE INDEX 0:M…` is a lookup, not a table scan) and derived
 *   tables (CTEs, subqueries) are already bounded: both allowed.
 * - every `SEARCH` of a tenant table uses its primary key (or an index leading with the bound
 *   id), a unique index with every column bound, or an index bound on the statement's scope: for rows that hang off a parent (a
 *   ticket's messages, a contact's tags, …) the parent when the statement names it (`= ?` or
 *   a list `IN (?, …)`), else an index whose first column is company_id.
 *   The company index on a statement that also names a ticket is the plan of issue 17: it
 *   reads and sorts the company's whole table. A search bound on the parent by an index that
 *   leads with it (a correlated lookup per parent row) reads one parent's rows: allowed.
 * - no automatic index (SQLite building a throwaway index means no suitable one exists).
 */

export interface IndexInfo {
  table: string;
  columns: string[];
  unique: boolean;
}

export interface Schema {
  /** Columns per table. */
  columns: Map<string, Set<string>>;
  indexes: Map<string, IndexInfo>;
}

/**
 * Tables whose rows hang off a parent (a ticket, a contact, a user, a connection): a statement
 * that names the parent must read by it (issue 17: the messages of a ticket read through the
 * company's index). Any other tenant table is read by company.
 */
const PARENTS: Record<string, string[]> = {
  messages: ["ticket_id"],
  ticket_logs: ["ticket_id"],
  ticket_tags: ["ticket_id"],
  ticket_notes: ["ticket_id", "contact_id"],
  contact_tags: ["contact_id"],
  contact_extra_info: ["contact_id"],
  user_queues: ["user_id", "queue_id"],
  whatsapp_queues: ["whatsapp_id", "queue_id"],
};
/** Platform-wide rows that every company reads alike (announcements are written by the platform for all). */
const PLATFORM_WIDE = new Set(["announcements"]);

const isTenantTable = (schema: Schema, table: string) => {
  const cols = schema.columns.get(table);
  return !PLATFORM_WIDE.has(table) && !!cols && (cols.has("company_id") || table in PARENTS);
};

/** Whether the SQL text scopes `table.column` (`= ?` or `IN (?, …)`), under its name or an alias. */
function constrains(sql: string, table: string, alias: string | undefined, column: string): boolean {
  const names = [table, alias]
    .filter(Boolean)
    .map((n) => `(?:"${n}"|\\b${n})`)
    .join("|");
  return new RegExp(`(?:${names})\\."?${column}"?\\s*(?:=\\s*\\?|in\\s*\\(\\s*\\?)`, "i").test(sql);
}

const SCAN = /^SCAN (\w+)(?: AS (\w+))?(.*)$/;
const SEARCH = /^SEARCH (\w+)(?: AS (\w+))? USING (?:(?:COVERING )?INDEX (\w+)|INTEGER PRIMARY KEY|PRIMARY KEY) \((.*)\)$/;

/** The problems of one statement's plan; empty when the plan is good. */
export function planProblems(schema: Schema, sql: string, details: string[]): string[] {
  const problems: string[] = [];
  for (const detail of details) {
    if (/AUTOMATIC/.test(detail)) {
      problems.push(`automatic index: ${detail}`);
      continue;
    }
    const scan = SCAN.exec(detail);
    if (scan) {
      if (isTenantTable(schema, scan[1]!) && !/VIRTUAL TABLE INDEX/.test(detail)) problems.push(`scans a tenant table: ${detail}`);
      continue;
    }
    const search = SEARCH.exec(detail);
    if (!search) continue;
    const [, table, alias, indexName, bound] = search as unknown as [string, string, string | undefined, string | undefined, string];
    if (!indexName || !isTenantTable(schema, table)) continue;
    const index = schema.indexes.get(indexName);
    if (!index) continue;
    const boundColumns = [...bound.matchAll(/([\w<>]+)[=>< ]/g)].map((m) => m[1]!);
    if (index.unique && index.columns.every((c) => boundColumns.includes(c))) continue;
    const named = (PARENTS[table] ?? []).filter((c) => constrains(sql, table, alias, c));
    if (named.length) {
      if (!named.some((c) => boundColumns.includes(c))) problems.push(`${table} read through ${indexName}, not by its scope ${named.join(" / ")}: ${detail}`);
      continue;
    }
    // A correlated lookup (`m.ticket_id = p.tid`, issue 28's first response): the index leads
    // with the parent and binds it, so it reads one parent's rows, and the parent row came from
    // a read of the same statement that is checked here too.
    if ((PARENTS[table] ?? []).includes(index.columns[0]!) && boundColumns.includes(index.columns[0]!)) continue;
    // An index that leads with the row's id (contacts_id_name_idx, a narrow copy for name
    // lookups) bound on it reads one row, as the primary key would.
    if (index.columns[0] === "id" && boundColumns.includes("id")) continue;
    if (index.columns[0] !== "company_id") problems.push(`${table} read through ${indexName} (${index.columns[0]}…), not by its scope company_id: ${detail}`);
  }
  return problems;
}
