import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../core/db/database.ts";
import { users } from "../../../core/db/tables.ts";
import { AppError } from "../../../core/errors.ts";
import { queues, userQueues } from "../schema/tables.ts";
import type { SessionUserQueue, UserQueueRef } from "./queues.contract.ts";
import { queueOrder } from "./queues.service.ts";

/**
 * The queues of a session user as the spec's clients read them: each with the link row
 * `UserQueue: { queueId, userId }`, the shape the original server answered.
 */
export function withUserQueueLink(userId: number, list: UserQueueRef[]): SessionUserQueue[] {
  return list.map((q) => ({ ...q, UserQueue: { queueId: q.id, userId } }));
}

/** Which users work which queues (the `queues.setUserQueues` / `queues.ofUser` services). */
export class UserQueuesService {
  constructor(private db: Db) {}

  async set(companyId: number, userId: number, queueIds: number[], tx: DbOrTx = this.db): Promise<void> {
    const ids = [...new Set(queueIds)];
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
      .limit(1);
    if (!user) throw new AppError("ERR_NO_USER_FOUND");
    if (ids.length) {
      const found = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, ids)));
      // Another company's queue is refused exactly like one that does not exist.
      if (found.length !== ids.length) throw new AppError("ERR_VALIDATION", { fields: { queueIds: "Invalid queue" } });
    }
    await tx.delete(userQueues).where(and(eq(userQueues.userId, userId), eq(userQueues.companyId, companyId)));
    if (ids.length) await tx.insert(userQueues).values(ids.map((queueId) => ({ companyId, userId, queueId })));
  }

  async ofUser(userId: number): Promise<UserQueueRef[]> {
    return this.db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(userQueues.queueId, queues.id))
      .where(eq(userQueues.userId, userId))
      .orderBy(...queueOrder);
  }

  /** The ids of the users who work a queue of the company, lowest first (a stable rotation order). */
  async usersOf(companyId: number, queueId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: userQueues.userId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId)))
      .orderBy(userQueues.userId);
    return rows.map((r) => r.userId);
  }
}
