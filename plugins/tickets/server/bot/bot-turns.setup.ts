import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { OutboundSender } from "../delivery/messages-sender.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import { BotTurns } from "./bot-turns.ts";
import { recentMessages } from "./recent-messages.ts";

/** Provides what an automation plugin's bot turns use (bot.contract.ts). */
export function registerBotTurns(ctx: PluginContext, views: TicketViews, sender: OutboundSender): void {
  const turns = new BotTurns(ctx, views, sender);
  ctx.services.provide("tickets.botContext", (companyId, ticketId, messageId) => turns.context(companyId, ticketId, messageId));
  ctx.services.provide("tickets.botApply", (companyId, ticketId, writes, tx, options) => turns.apply(companyId, ticketId, writes, tx, options));
  ctx.services.provide("tickets.assignWaiting", (companyId, queueId, userId) => turns.assignWaiting(companyId, queueId, userId));
  ctx.services.provide("tickets.queuePosition", (companyId, ticketId, queueId) => turns.queuePosition(companyId, ticketId, queueId));
  ctx.services.provide("tickets.recentMessages", (companyId, ticketId, limit) => recentMessages(ctx.db, companyId, ticketId, limit));
}
