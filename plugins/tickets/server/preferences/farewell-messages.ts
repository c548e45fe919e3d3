import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import { userFarewellMessages } from "../../schema/tables.ts";
import "./farewell-messages.contract.ts";

/** SQLite's bound-parameter budget, with room to spare, for `IN (...)` over user ids. */
const CHUNK = 500;

/**
 * Users' own farewells (spec 001 §3 User `farewellMessage`): the `tickets.setFarewellMessage`
 * service the users plugin writes through, the user answer extension that answers
 * `farewellMessage` on every user, and the read the farewell on resolve makes
 * (tickets/ticket-automatic-texts.ts). Only non-empty messages have a row.
 */
export class UserFarewellMessages {
  constructor(private db: Db) {}

  /**
   * Sets (or, with "", clears) a user's farewell, stored exactly as given: the users plugin
   * validated it, and the answer gives it back unchanged.
   */
  async set(companyId: number, userId: number, message: string, tx: DbOrTx = this.db): Promise<void> {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
      .limit(1);
    if (!user) throw new AppError("ERR_NO_USER_FOUND");
    if (message === "") {
      await tx.delete(userFarewellMessages).where(eq(userFarewellMessages.userId, userId));
      return;
    }
    await tx.insert(userFarewellMessages).values({ userId, companyId, message }).onConflictDoUpdate({ target: userFarewellMessages.userId, set: { companyId, message } });
  }

  /** One user's farewell, "" when they keep none. */
  async of(userId: number): Promise<string> {
    const [row] = await this.db.select({ message: userFarewellMessages.message }).from(userFarewellMessages).where(eq(userFarewellMessages.userId, userId)).limit(1);
    return row?.message ?? "";
  }

  /** The stored farewells of these users, by user id (users without one are absent). */
  async load(rows: readonly UserRow[]): Promise<Map<number, { farewellMessage: string }>> {
    const ids = rows.map((u) => u.id);
    const out = new Map<number, { farewellMessage: string }>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const found = await this.db
        .select({ userId: userFarewellMessages.userId, message: userFarewellMessages.message })
        .from(userFarewellMessages)
        .where(inArray(userFarewellMessages.userId, ids.slice(i, i + CHUNK)));
      for (const r of found) out.set(r.userId, { farewellMessage: r.message });
    }
    return out;
  }
}
