import { sql } from "drizzle-orm";
import { isPassPause } from "./remote-units.ts";
import type { SyncDb } from "./write-batch.ts";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Runs `work` inside a savepoint of a write unit's transaction: when it throws, its statements
 * are undone alone (the unit's others stay) and the error goes on to the caller.
 * On a libSQL server a pass of the unit that stops for a server answer throws through `work`
 * (remote-units.ts): that is no failure, so nothing is rolled back for it; the unit runs again
 * from its start, answered from what the server did, savepoint included.
 * @example
 *   try { inUnitSavepoint(db, "campaign_row", () => sendOne(db, row)); } catch (err) { markFailed(db, row, err); }
 */
export function inUnitSavepoint<T>(db: SyncDb, name: string, work: () => T): T {
  if (!NAME.test(name)) throw new Error(`inUnitSavepoint: "${name}" is not a plain SQL name`);
  db.run(sql.raw(`SAVEPOINT ${name}`));
  let value: T;
  try {
    value = work();
  } catch (err) {
    if (isPassPause(err)) throw err;
    db.run(sql.raw(`ROLLBACK TO ${name}`));
    db.run(sql.raw(`RELEASE ${name}`));
    throw err;
  }
  db.run(sql.raw(`RELEASE ${name}`));
  return value;
}
