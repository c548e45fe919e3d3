import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import { userDefaultConnections, whatsapps } from "../schema/tables.ts";

/** SQLite's bound-parameter budget, with room to spare, for `IN (...)` over user ids. */
const CHUNK = 500;

/**
 * Users' default connections (spec 001 §3 User `whatsappId`): the `connections.setUserDefault`
 * service the users plugin writes through, and the user answer extension that answers
 * `whatsappId` on every user.
 */
export class UserDefaultConnections {
  constructor(private db: Db) {}

  /**
   * Sets (or, with null, clears) a user's default connection. It must be a connection of the
   * user's company: another company's id is refused exactly like one that does not exist.
   */
  async set(companyId: number, userId: number, whatsappId: number | null, tx: DbOrTx = this.db): Promise<void> {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
      .limit(1);
    if (!user) throw new AppError("ERR_NO_USER_FOUND");
    if (whatsappId === null) {
      await tx.delete(userDefaultConnections).where(eq(userDefaultConnections.userId, userId));
      return;
    }
    const [own] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, whatsappId), eq(whatsapps.companyId, companyId)))
      .limit(1);
    if (!own) throw new AppError("ERR_NO_WAPP_FOUND", { fields: { whatsappId: "Invalid connection" } });
    await tx.insert(userDefaultConnections).values({ userId, companyId, whatsappId }).onConflictDoUpdate({ target: userDefaultConnections.userId, set: { companyId, whatsappId } });
  }

  /** The stored defaults of these users, by user id (users without one are absent). */
  async load(rows: readonly UserRow[]): Promise<Map<number, { whatsappId: number | null }>> {
    const ids = rows.map((u) => u.id);
    const out = new Map<number, { whatsappId: number | null }>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const found = await this.db
        .select({ userId: userDefaultConnections.userId, whatsappId: userDefaultConnections.whatsappId })
        .from(userDefaultConnections)
        .where(inArray(userDefaultConnections.userId, ids.slice(i, i + CHUNK)));
      for (const r of found) out.set(r.userId, { whatsappId: r.whatsappId });
    }
    return out;
  }
}
