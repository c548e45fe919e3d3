import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { TicketReader } from "../tickets-internals.ts";
import { registerTicketNotesHandlers } from "./ticket-notes.handlers.ts";
import { TicketNotesService } from "./ticket-notes.service.ts";

/** Ticket notes: internal observations attendants leave on a ticket (spec 000 §5). */
export function registerTicketNotes(ctx: PluginContext, deps: { reader: TicketReader }): void {
  registerTicketNotesHandlers(ctx.router, new TicketNotesService(ctx.db, deps.reader));
}
