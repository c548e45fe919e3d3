import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../database.ts";

/**
 * A fresh database for the kernel's database tests: an embedded one in its own temp folder, or,
 * with `serverUrl` (a libSQL server the suite started), the server's, emptied again on close.
 * `open(schema)` runs the script and answers the database; `close()` (in afterEach)
 * closes it and removes the folder (or drops the tables the test made).
 */
export function tempDatabases(prefix: string, serverUrl?: () => string) {
  let current: { database: Database; dir: string | null } | null = null;
  return {
    async open(schema: string): Promise<Database> {
      const url = serverUrl?.();
      const dir = url ? null : mkdtempSync(join(tmpdir(), prefix));
      const database = await openDatabase(url ?? `file:${join(dir!, "t.db")}`);
      current = { database, dir };
      await database.client.executeMultiple(schema);
      return database;
    },
    get database(): Database {
      if (!current) throw new Error("no database open");
      return current.database;
    },
    async close(): Promise<void> {
      if (!current) return;
      const { database, dir } = current;
      current = null;
      if (!dir) {
        const tables = await database.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_litestream%'");
        await database.client.executeMultiple(["PRAGMA foreign_keys = OFF", ...tables.rows.map((r) => `DROP TABLE "${String(r.name)}"`), "PRAGMA foreign_keys = ON"].join(";\n"));
      }
      database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
