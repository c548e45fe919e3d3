import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { TicketReader } from "./tickets-internals.ts";

// SCAFFOLD (helper C replaces this file): ticket notes and ticket tags.
export function registerTicketExtras(_ctx: PluginContext, _deps: { reader: TicketReader }): void {}
