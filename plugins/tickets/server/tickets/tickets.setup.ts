import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { registerTicketRooms } from "../rooms/ticket-rooms.setup.ts";
import { beforeSearch } from "../inbound/full-text-deferral.ts";
import { TicketLifecycle } from "./ticket-lifecycle.service.ts";
import { TicketList } from "./ticket-list.service.ts";
import type { MessageSender, TicketReader } from "../tickets-internals.ts";
import { registerTicketsHandlers } from "./tickets.handlers.ts";
import { TicketViews } from "./tickets-views.ts";
import { registerExpiry } from "../expiry/expiry.setup.ts";

/** The ticket side: list, lifecycle and log routes, and the realtime rooms that scope ticket events. */
export function registerTicketFeatures(ctx: PluginContext, deps: { reader: TicketReader; sender: MessageSender }): void {
  // The reader index.ts built is a TicketViews; its extra methods (masking, moves) serve the list and lifecycle.
  const views = deps.reader instanceof TicketViews ? deps.reader : new TicketViews(ctx);
  const lifecycle = new TicketLifecycle(ctx, views, deps.sender);
  const list = new TicketList(ctx.db, views, () => beforeSearch(ctx.db, ctx.writes));
  registerTicketsHandlers(ctx.router, list, lifecycle);
  ctx.services.provide("tickets.openable", (user, ticketId) => views.openable(user, { id: ticketId }));
  ctx.services.provide("tickets.board", (user, q) => list.board(user, q));
  ctx.services.provide("tickets.closeMany", (companyId, ticketIds) => lifecycle.closeMany(companyId, ticketIds));
  registerTicketRooms(ctx, views);
  registerExpiry(ctx, views, deps.sender);
}
