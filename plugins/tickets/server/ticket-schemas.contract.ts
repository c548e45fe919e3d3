/** The ticket's answer schema, for the routes of plugins that answer tickets (the kanban board's cards). */
export { TicketSchema } from "./tickets/tickets.schemas.ts";
