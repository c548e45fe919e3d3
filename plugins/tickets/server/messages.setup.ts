import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { InboundService } from "./inbound.service.ts";
import type { MessageSender, TicketReader } from "./tickets-internals.ts";

// SCAFFOLD (helper B replaces this file): message routes, driver registry, delivery job, ack/edit/delete services.
export function registerMessageFeatures(_ctx: PluginContext, _deps: { reader: TicketReader; sender: MessageSender; inbound: InboundService }): void {}
