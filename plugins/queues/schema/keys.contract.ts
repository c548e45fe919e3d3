import { queues } from "./tables.ts";

/**
 * The key other plugins' foreign keys reference (a ticket's or a connection's queue), for
 * their `schema/tables.ts` only: reads go through `queues_view`, writes through this
 * plugin's services.
 * @example queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" })
 */
export const queuesKey = () => queues.id;
