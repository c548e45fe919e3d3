import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { TicketReader } from "./tickets-internals.ts";

// SCAFFOLD (helper A replaces this file): builds the TicketReader.
export function createTicketReader(_ctx: PluginContext): TicketReader {
  const missing = () => Promise.reject(new Error("TicketReader: not built yet"));
  return { view: missing, canOpen: missing, announce: missing, announceDeleted: missing, audience: missing };
}
