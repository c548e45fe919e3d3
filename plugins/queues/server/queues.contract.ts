import type { DbOrTx } from "../../../core/db/database.ts";

/** A queue as other plugins see it on a user (session user, user answers). */
export interface UserQueueRef {
  id: number;
  name: string;
  color: string;
}

/** A queue in the session user (login, refresh, /auth/me): with its link row, as spec clients read it. */
export interface SessionUserQueue extends UserQueueRef {
  UserQueue: { queueId: number; userId: number };
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Replaces the queues a user works. Every id must be a queue of `companyId`, else
     * ERR_VALIDATION with `fields.queueIds`. Pass `tx` to land with the caller's write.
     */
    "queues.setUserQueues": (companyId: number, userId: number, queueIds: number[], tx?: DbOrTx) => Promise<void>;
    /** The queues a user works, ordered like the queue list. */
    "queues.ofUser": (userId: number) => Promise<UserQueueRef[]>;
  }
}
