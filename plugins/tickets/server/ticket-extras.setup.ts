import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import { registerTicketNotesHandlers } from "./ticket-notes.handlers.ts";
import { TicketNotesService } from "./ticket-notes.service.ts";
import { registerTicketTagsHandlers } from "./ticket-tags.handlers.ts";
import { TicketTagsService } from "./ticket-tags.service.ts";
import type { TicketReader } from "./tickets-internals.ts";

/** Ticket notes (internal observations) and ticket tags (kanban lanes, list chips). */
export function registerTicketExtras(ctx: PluginContext, deps: { reader: TicketReader }): void {
  registerTicketNotesHandlers(ctx.router, new TicketNotesService(ctx.db));
  registerTicketTagsHandlers(ctx.router, new TicketTagsService(ctx.db, deps.reader, ctx.log));
}
