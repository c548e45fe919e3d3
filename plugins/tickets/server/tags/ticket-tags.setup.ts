import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { TicketReader } from "../tickets-internals.ts";
import { registerTicketTagsHandlers } from "./ticket-tags.handlers.ts";
import { TicketTagsService } from "./ticket-tags.service.ts";

/** Ticket tags: kanban lanes and list chips; a change announces the ticket through the reader. */
export function registerTicketTags(ctx: PluginContext, deps: { reader: TicketReader }): void {
  const ticketTags = new TicketTagsService(ctx.db, deps.reader, ctx.log);
  registerTicketTagsHandlers(ctx.router, ticketTags);
  ctx.services.provide("tickets.moveTag", (input, tx) => ticketTags.move(input, tx));
  ctx.services.provide("tickets.swapTags", (input, tx) => ticketTags.swapTags(input, tx));
}
