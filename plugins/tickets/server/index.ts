import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { fullTextDeferral } from "./inbound/full-text-deferral.ts";
import { InboundService } from "./inbound/inbound.service.ts";
import { createMessageSender } from "./delivery/messages-sender.ts";
import { createSendToContact } from "./messages/send-to-contact.ts";
import { createSendToContactStep } from "./messages/send-to-contact-step.ts";
import { registerMessageFeatures } from "./messages/messages.setup.ts";
import { registerTicketNotes } from "./notes/ticket-notes.setup.ts";
import { registerTicketTags } from "./tags/ticket-tags.setup.ts";
import { createTicketReader } from "./tickets/tickets-views.ts";
import { registerTicketFeatures } from "./tickets/tickets.setup.ts";
import { registerListPreferences } from "./preferences/list-preferences.setup.ts";
import { registerFarewellMessages } from "./preferences/farewell-messages.setup.ts";
import { registerBotTurns } from "./bot/bot-turns.setup.ts";
import "../../channels/inbound.contract.ts";
import "./tickets.contract.ts";
import "./tickets-events.contract.ts";
import "./bot.contract.ts";

/**
 * Two halves share the plugin: tickets (tickets/: list, lifecycle, views; rooms/, notes/,
 * tags/) and messages (inbound/: the pipeline channel plugins feed; delivery/: storing
 * outbound messages and handing them to the channels plugin's drivers; messages/: the
 * message routes, edits, media, transcription). They meet only through the TicketReader
 * and MessageSender interfaces of tickets-internals.ts.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    ctx.writes.aroundEachBatch(fullTextDeferral(ctx.writes, ctx.log));
    const messages = ctx.metrics.counter("atende_messages_total", "Messages stored (private notes excluded), by direction: inbound (the customer's) or outbound", ["direction"]);
    ctx.bus.on("tickets.message.created", ({ message }) => messages.inc({ direction: message.fromMe ? "outbound" : "inbound" }));
    const reader = createTicketReader(ctx);
    const sender = createMessageSender(ctx, reader);
    const inbound = new InboundService(ctx.db, ctx.writes, ctx.services, ctx.storage, ctx.settings, ctx.config);
    ctx.services.provide("tickets.receive", (input) => inbound.receive(input));
    ctx.services.provide("tickets.sendToContact", createSendToContact(ctx, sender));
    ctx.services.provide("tickets.sendToContactStep", createSendToContactStep(ctx, sender));
    ctx.services.provide("tickets.afterInbound", (step, options) => inbound.afterInbound(step, options));
    ctx.services.provide("tickets.fillVariables", (companyId, ticketId, text) => sender.fillVariables(companyId, ticketId, text));
    registerBotTurns(ctx, reader, sender);
    registerTicketFeatures(ctx, { reader, sender });
    registerMessageFeatures(ctx, { reader, sender, inbound });
    registerTicketNotes(ctx, { reader });
    registerTicketTags(ctx, { reader });
    registerListPreferences(ctx);
    registerFarewellMessages(ctx);
  },
});
