/** The ticket's answer schema and the list's query, for the routes of plugins that answer tickets (the kanban board's cards and its queue filter). */
export { TicketListQuerySchema, TicketSchema } from "./tickets/tickets.schemas.ts";
