import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { preparedPer } from "../db/prepared.ts";
import type { UserRow } from "../db/rows.ts";
import { users } from "../db/tables.ts";

const statements = preparedPer((db: Db) => ({
  byId: db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
}));

/**
 * A user's row as the database has it now, or null when the user no longer exists. Every
 * guarded request, socket handshake, rights refresh and token refresh asks it, so the
 * statement is prepared once per database handle.
 * @example const user = await currentUser(kernel.db, claims.sub);
 */
export async function currentUser(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await statements(db).byId.execute({ id: userId });
  return row ?? null;
}
