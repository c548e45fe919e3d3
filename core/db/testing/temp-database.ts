import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../database.ts";

/**
 * A fresh embedded database in its own temp folder, for the kernel's database tests.
 * `open(schema)` runs the script and answers the database; `close()` (in afterEach)
 * closes it and removes the folder.
 */
export function tempDatabases(prefix: string) {
  let current: { database: Database; dir: string } | null = null;
  return {
    async open(schema: string): Promise<Database> {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      const database = await openDatabase(`file:${join(dir, "t.db")}`);
      current = { database, dir };
      await database.client.executeMultiple(schema);
      return database;
    },
    get database(): Database {
      if (!current) throw new Error("no database open");
      return current.database;
    },
    close(): void {
      if (!current) return;
      current.database.close();
      rmSync(current.dir, { recursive: true, force: true });
      current = null;
    },
  };
}
