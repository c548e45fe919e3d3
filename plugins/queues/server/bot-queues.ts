import { eq } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { Realtime } from "../../../core/realtime/realtime.ts";
import { chatbots, queues } from "../schema/tables.ts";
import { buildTree } from "./chatbots.tree.ts";
import type { BotQueueDefinition } from "./queues.contract.ts";
import { queueOrder, queueTopic } from "./queues.service.ts";

/** How long a company's queues stay cached: other nodes' edits reach this one within it. */
const TTL_MS = 30_000;

/**
 * `queues.forBot`: every queue of a company with its option tree, in the queue list's order,
 * for the inbound bot (one read per company, not per message). The cache is dropped on this
 * node's queue and chatbot writes (every one emits `company-{id}-queue`) and expires after
 * TTL_MS, so an edit made on another node is seen within it.
 */
export class BotQueues {
  private cache = new Map<number, { at: number; value: Promise<BotQueueDefinition[]> }>();

  constructor(private db: Db) {}

  forBot(companyId: number): Promise<BotQueueDefinition[]> {
    const hit = this.cache.get(companyId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const value = this.load(companyId);
    this.cache.set(companyId, { at: Date.now(), value });
    value.catch(() => this.cache.delete(companyId));
    return value;
  }

  drop(companyId: number): void {
    this.cache.delete(companyId);
  }

  /** The realtime the queues service emits through, dropping the company's entry on each queue event. */
  dropping(realtime: Pick<Realtime, "emit">): Pick<Realtime, "emit"> {
    return {
      emit: (...args: Parameters<Realtime["emit"]>) => {
        if (args[1] === queueTopic(args[0])) this.drop(args[0]);
        // Passed on as given (listeners and spies see the same call).
        realtime.emit(...args);
      },
    };
  }

  private async load(companyId: number): Promise<BotQueueDefinition[]> {
    const [rows, options] = await Promise.all([
      this.db
        .select()
        .from(queues)
        .where(eq(queues.companyId, companyId))
        .orderBy(...queueOrder),
      this.db.select().from(chatbots).where(eq(chatbots.companyId, companyId)),
    ]);
    return rows.map((q) => ({
      id: q.id,
      name: q.name,
      greetingMessage: q.greetingMessage,
      outOfHoursMessage: q.outOfHoursMessage,
      closeTicket: q.closeTicket,
      ativarRoteador: q.ativarRoteador,
      tempoRoteador: q.tempoRoteador,
      schedules: q.schedules,
      integrationId: q.integrationId,
      fileListId: q.fileListId,
      options: buildTree(options.filter((o) => o.queueId === q.id)),
    }));
  }
}
