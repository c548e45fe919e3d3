import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { MessageSender, TicketReader } from "./tickets-internals.ts";

// SCAFFOLD (helper B replaces this file): builds the MessageSender.
export function createMessageSender(_ctx: PluginContext, _reader: TicketReader): MessageSender {
  return { send: () => Promise.reject(new Error("createMessageSender: not built yet")) };
}
