import { tickets } from "./tables.ts";

/**
 * The key other plugins' foreign keys reference (a channel's bookkeeping goes with its
 * ticket), for their `schema/tables.ts` only: reads and writes go through this plugin's
 * services.
 * @example ticketId: integer("ticket_id").notNull().references(ticketsKey, { onDelete: "cascade" })
 */
export const ticketsKey = () => tickets.id;
