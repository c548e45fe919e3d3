import { SQL } from "bun";

/** One row of the source, by its column names (timestamps as Date, JSON parsed). */
export type Row = Record<string, unknown>;

/**
 * The old server's database, read with Bun's built-in SQL client (Postgres, or MySQL/MariaDB
 * for forks that run it). Its shape is read first (`information_schema.columns`): forks drift,
 * so every query names only columns that exist.
 */
export class SourceDb {
  private constructor(
    private readonly sql: SQL,
    readonly dialect: "postgres" | "mysql",
    /** table -> its columns */
    readonly columns: Map<string, Set<string>>,
  ) {}

  static async connect(url: string): Promise<SourceDb> {
    const dialect = /^mysql:|^mariadb:/i.test(url) ? "mysql" : "postgres";
    // prepare: false sends unnamed statements: nothing lingers on a shared backend between runs
    // (PGlite's one session, a transaction-pooling pgbouncer), and each page is one query anyway.
    // Bun's MySQL client refuses the option (it always prepares), so it is Postgres-only.
    const sql = new SQL(url, { max: 2, idleTimeout: 30, connectionTimeout: 15, ...(dialect === "postgres" ? { prepare: false } : {}) });
    const schema = dialect === "postgres" ? "current_schema()" : "database()";
    const rows = (await sql.unsafe(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = ${schema}`)) as { t: string; c: string }[];
    const columns = new Map<string, Set<string>>();
    for (const { t, c } of rows) {
      let set = columns.get(t);
      if (!set) columns.set(t, (set = new Set()));
      set.add(c);
    }
    return new SourceDb(sql, dialect, columns);
  }

  has(table: string, column?: string): boolean {
    const cols = this.columns.get(table);
    return !!cols && (column === undefined || cols.has(column));
  }

  /** A quoted identifier. */
  id(name: string): string {
    return this.dialect === "postgres" ? `"${name.replace(/"/g, '""')}"` : `\`${name.replace(/`/g, "``")}\``;
  }

  /** The n-th parameter placeholder (1-based). */
  param(n: number): string {
    return this.dialect === "postgres" ? `$${n}` : "?";
  }

  /**
   * One keyset page: the rows after `after` in `key` order, `scope` (a WHERE fragment using
   * parameter 1, or null) binding them to a company. Only the wanted columns that exist are read.
   */
  async page(
    table: string,
    options: { columns: readonly string[]; key: readonly string[]; scope: string | null; companyId: number | null; after: unknown[] | null; limit: number },
  ): Promise<Row[]> {
    const present = options.columns.filter((c) => this.has(table, c));
    const where: string[] = [];
    const params: unknown[] = [];
    if (options.scope) {
      params.push(options.companyId);
      // Scopes are written with Postgres quoting; MySQL quotes identifiers with backticks.
      const scope = this.dialect === "mysql" ? options.scope.replace(/"([^"]+)"/g, "`$1`") : options.scope;
      where.push(scope.replaceAll("$company", this.param(params.length)));
    }
    if (options.after) {
      const keys = options.key.map((k) => this.id(k));
      const slots = options.after.map((v) => {
        params.push(v);
        return this.param(params.length);
      });
      where.push(keys.length === 1 ? `${keys[0]} > ${slots[0]}` : `(${keys.join(", ")}) > (${slots.join(", ")})`);
    }
    const text = `SELECT ${present.map((c) => this.id(c)).join(", ")} FROM ${this.id(table)}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY ${options.key.map((k) => this.id(k)).join(", ")} LIMIT ${Math.floor(options.limit)}`;
    return (await this.sql.unsafe(text, params)) as Row[];
  }

  /** The ids of the companies to import, in order. */
  async companyIds(only: number | null): Promise<number[]> {
    const rows = (await this.sql.unsafe(`SELECT ${this.id("id")} AS id FROM ${this.id("Companies")} ORDER BY ${this.id("id")}`)) as { id: number }[];
    return rows.map((r) => Number(r.id)).filter((id) => only === null || id === only);
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}
