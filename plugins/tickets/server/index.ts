import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { fullTextDeferral } from "./full-text-deferral.ts";
import { InboundService } from "./inbound.service.ts";
import { createMessageSender } from "./messages-sender.ts";
import { registerMessageFeatures } from "./messages.setup.ts";
import { registerTicketExtras } from "./ticket-extras.setup.ts";
import { createTicketReader } from "./tickets-views.ts";
import { registerTicketFeatures } from "./tickets.setup.ts";
import "./channel-driver.contract.ts";
import "./tickets.contract.ts";
import "./tickets-events.contract.ts";

/**
 * Two halves share the plugin: tickets (list, lifecycle, views, rooms) and messages
 * (inbound pipeline, sending through channel drivers, edits). They meet only through the
 * TicketReader and MessageSender interfaces of tickets-internals.ts.
 */
export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    ctx.writes.aroundEachBatch(fullTextDeferral);
    const reader = createTicketReader(ctx);
    const sender = createMessageSender(ctx, reader);
    const inbound = new InboundService(ctx.db, ctx.writes, ctx.services, ctx.storage, ctx.settings, ctx.config);
    ctx.services.provide("tickets.receive", (input) => inbound.receive(input));
    registerTicketFeatures(ctx, { reader, sender });
    registerMessageFeatures(ctx, { reader, sender, inbound });
    registerTicketExtras(ctx, { reader });
  },
});
