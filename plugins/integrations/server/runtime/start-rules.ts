import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { INBOUND_PRIORITY } from "../../../tickets/server/bot.contract.ts";

/**
 * A connection's `integrationId` takes every new conversation (spec 001 §3, Integrations
 * tab): a customer's message on a new ticket (nobody holds it, no queue, no attendant) is handed to `integration:<id>`
 * before the chatbot (priority connection + 20, above prompts and flows). A queue's
 * integration starts in the automation engine, when a ticket enters that queue.
 */
export function connectionStartRule(ctx: PluginContext): void {
  const startHandOver = ctx.services.require("automation.startHandOver");
  ctx.services.require("tickets.afterInbound")(
    (stored) => {
      const { ticket, message } = stored;
      // A new conversation only: a ticket already in a queue (the integration handed it back
      // there, or someone routed it) or with an attendant stays with people.
      if (message.fromMe || ticket.holder || ticket.queueId !== null || ticket.userId !== null) return undefined;
      // The pipeline read the connection already (no round trip of its own on a libSQL server).
      const id = stored.connection.integrationId;
      return id ? startHandOver(stored, `integration:${id}`) : undefined;
    },
    { priority: INBOUND_PRIORITY.connection + 20 },
  );
}
