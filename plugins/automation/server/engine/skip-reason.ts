import type { NotHandledReason } from "./actions.ts";
import type { BotContact, BotInbound, BotTicket } from "./snapshot.ts";

/** What the "who is handled" rule reads: all of it is in the inbound pipeline's answer but `groupAsTicket`. */
export interface Gate {
  ticket: Pick<BotTicket, "userId" | "isBot" | "isGroup" | "useIntegration"> & { status: string };
  contact: Pick<BotContact, "disableBot">;
  inbound: Pick<BotInbound, "fromMe">;
  /** The connection's `groupAsTicket`; read only for group tickets. */
  groupAsTicket: () => boolean;
}

/**
 * Why the bot leaves this message alone, or null when it handles it (issue 13 "Who is
 * handled"): a customer's message (not `fromMe`), not a group unless the connection treats
 * groups as tickets, on a pending ticket or one still with the bot, never one an attendant
 * holds, from a contact whose bot is not disabled, with no integration in charge. Cheap and
 * synchronous so the wiring asks it before loading anything else: open tickets cost nothing.
 *
 * @example
 * if (skipReason({ ticket, contact, inbound: { fromMe: message.fromMe }, groupAsTicket: () => false })) return;
 */
export function skipReason(gate: Gate): NotHandledReason | null {
  const { ticket } = gate;
  if (gate.inbound.fromMe) return "fromMe";
  // Waiting for the customer's rating or data consent (issue 14): their answer is the bot's to read, whoever attended.
  if (ticket.status === "nps" || ticket.status === "lgpd") return null;
  if (ticket.userId !== null || ticket.status === "closed" || (ticket.status !== "pending" && !ticket.isBot)) return "attended";
  if (gate.contact.disableBot) return "botDisabled";
  if (ticket.useIntegration) return "integration";
  if (ticket.isGroup && !gate.groupAsTicket()) return "group";
  return null;
}
