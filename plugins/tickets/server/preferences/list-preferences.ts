import { and, eq, inArray } from "drizzle-orm";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import type { UserAnswer, UserAnswers } from "../../../../core/auth/user-answers.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import { ticketListPreferences } from "../../schema/tables.ts";
import "./list-preferences.contract.ts";

/** SQLite's bound-parameter budget, with room to spare, for `IN (...)` over user ids. */
const CHUNK = 500;

/**
 * Users' ticket-list preferences: the list panel's width, saved by
 * `PUT /users/toggleChangeWidht/{userId}` and answered on every user as
 * `defaultTicketsManagerWidth` (this plugin's user answer extension).
 */
export class TicketListPreferences {
  constructor(
    private db: Db,
    private answers: Pick<UserAnswers, "one">,
  ) {}

  /**
   * Saves a user's width: the person themself or an admin of their company (another
   * company's user is ERR_NO_USER_FOUND, as every user route answers). Answers the user.
   */
  async setWidth(actor: UserRow, userId: number, width: number): Promise<UserAnswer> {
    const [target] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, actor.companyId)))
      .limit(1);
    if (!target) throw new AppError("ERR_NO_USER_FOUND");
    if (actor.id !== target.id && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION");
    await this.db
      .insert(ticketListPreferences)
      .values({ userId: target.id, companyId: target.companyId, width })
      .onConflictDoUpdate({ target: ticketListPreferences.userId, set: { width } });
    return this.answers.one(target);
  }

  /** The stored widths of these users, by user id (users without one are absent). */
  async load(rows: readonly UserRow[]): Promise<Map<number, { defaultTicketsManagerWidth: number }>> {
    const ids = rows.map((u) => u.id);
    const out = new Map<number, { defaultTicketsManagerWidth: number }>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const found = await this.db
        .select({ userId: ticketListPreferences.userId, width: ticketListPreferences.width })
        .from(ticketListPreferences)
        .where(inArray(ticketListPreferences.userId, ids.slice(i, i + CHUNK)));
      for (const r of found) out.set(r.userId, { defaultTicketsManagerWidth: r.width });
    }
    return out;
  }
}
