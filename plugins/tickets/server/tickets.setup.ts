import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { MessageSender, TicketReader } from "./tickets-internals.ts";

// SCAFFOLD (helper A replaces this file): ticket routes, lifecycle, realtime rooms.
export function registerTicketFeatures(_ctx: PluginContext, _deps: { reader: TicketReader; sender: MessageSender }): void {}
