import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { InboundService } from "../inbound/inbound.service.ts";
import { Forwarder } from "./messages-forward.ts";
import { ProviderUpdates } from "../inbound/messages-provider.ts";
import { OutboundSender } from "../delivery/messages-sender.ts";
import { registerMessagesHandlers } from "./messages.handlers.ts";
import { MessagesService } from "./messages.service.ts";
import type { MessageSender, TicketReader } from "../tickets-internals.ts";
import { Transcriber } from "./transcription.ts";
import type {} from "../../../channels/inbound.contract.ts";

/**
 * The message side of the tickets plugin: the provider-report services of the channels
 * plugin's inbound.contract.ts, the inbound pipeline's announcements, and the message
 * routes. The delivery jobs are defined by the sender (messages-sender.ts); the drivers
 * they call are registered with the channels plugin.
 */
export function registerMessageFeatures(ctx: PluginContext, deps: { reader: TicketReader; sender: MessageSender; inbound: InboundService }): void {
  const { sender, reader, inbound } = deps;
  if (!(sender instanceof OutboundSender)) throw new Error("registerMessageFeatures needs the sender built by createMessageSender");

  const provider = new ProviderUpdates(ctx.db, ctx.settings, sender.announcer);
  ctx.services.provide("tickets.ack", (ref, ack) => provider.ack(ref, ack));
  ctx.services.provide("tickets.providerEdited", (ref, body) => provider.edited(ref, body));
  ctx.services.provide("tickets.providerDeleted", (ref) => provider.deleted(ref));
  ctx.services.provide("tickets.providerMessage", (ref) => provider.lookup(ref));
  ctx.services.provide("tickets.providerRefreshed", (ref, body, data) => provider.refreshed(ref, body, data));

  inbound.attach(sender.announcer, reader, ctx.log);

  const transcriber = new Transcriber(ctx.db, ctx.settings, ctx.storage, reader, ctx.log, ctx.outbound);
  transcriber.declare();
  registerMessagesHandlers(ctx.router, { messages: new MessagesService(ctx, sender), forwarder: new Forwarder(ctx, sender), transcriber });
}
