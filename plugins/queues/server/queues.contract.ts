import type { DbOrTx } from "../../../core/db/database.ts";
import type { OfficeHours } from "../../office-hours/office-hours.contract.ts";
import type { ChatbotOption } from "../shared/chatbot-option.ts";

/** A chatbot option with its steps: the shared schema's type (shared/chatbot-option.ts), the same the routes answer. */
export type { ChatbotOption };

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

/** A queue as the inbound bot reads it: its texts, rotation, office hours and option tree. */
export interface BotQueueDefinition {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  closeTicket: boolean;
  ativarRoteador: boolean;
  /** Minutes between two rotation rounds. */
  tempoRoteador: number;
  schedules: OfficeHours[];
  /**
   * The queue's integration (reference kind `integration`), or null. Checked to exist in the
   * company when written; the plugin registered for the kind acts on it.
   */
  integrationId: number | null;
  /** The queue's file list (reference kind `fileList`), or null; checked like `integrationId`. */
  fileListId: number | null;
  /** The first level of its options, each with its steps, in position order. */
  options: ChatbotOption[];
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
    /**
     * Every queue of the company with its option tree, in the queue list's order (cached per
     * company; dropped on queue and chatbot changes). For the inbound bot.
     * @example
     *   const forBot = services.require(…"queues.forBot"); // listed in the manifest's requires
     *   const queues = await forBot(companyId);
     */
    "queues.forBot": (companyId: number) => Promise<BotQueueDefinition[]>;
    /** The ids of the users who work a queue. */
    "queues.usersOf": (companyId: number, queueId: number) => Promise<number[]>;
  }
}
