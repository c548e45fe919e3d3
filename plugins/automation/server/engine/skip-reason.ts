import { parseHolder } from "../../../tickets/shared/holder.contract.ts";
import type { NotHandledReason } from "./actions.ts";
import type { BotContact, BotInbound, BotTicket } from "./snapshot.ts";

/** What the "who is handled" rule reads: all of it is in the inbound pipeline's answer but `groupAsTicket`. */
export interface Gate {
  ticket: Pick<BotTicket, "userId" | "isGroup" | "holder"> & { status: string };
  contact: Pick<BotContact, "disableBot">;
  inbound: Pick<BotInbound, "fromMe">;
  /** The connection's `groupAsTicket`; read only for group tickets. */
  groupAsTicket: () => boolean;
}

/** Who answers a customer's message: the chatbot, the hand-over handler holding the ticket, or nobody (and why). */
export type Handling = { by: "bot" } | { by: "handler"; kind: string; ref: string } | { by: "nobody"; reason: NotHandledReason };

const BOT: Handling = { by: "bot" };

/**
 * "Who is handled" (issue 13), on the ticket's holder (issue 24), in ONE place: the inbound
 * steps, the decision engine and the bot runner all ask it. A customer's message (not
 * `fromMe`) on a ticket no attendant holds: waiting for the customer's rating or consent, it
 * is the bot's whoever attended; held by a hand-over handler, the handler's (unless the
 * contact's bot is disabled); then pending or still with the bot, from a contact whose bot is
 * not disabled, not a group unless the connection treats groups as tickets: the bot's.
 * Cheap and synchronous so the wiring asks it before loading anything else: open tickets
 * cost nothing.
 *
 * @example
 * const who = whoHandles({ ticket, contact, inbound: { fromMe: message.fromMe }, groupAsTicket: () => false });
 * if (who.by === "handler") route(who.kind, who.ref);
 */
export function whoHandles(gate: Gate): Handling {
  const { ticket } = gate;
  if (gate.inbound.fromMe) return { by: "nobody", reason: "fromMe" };
  // Waiting for the customer's rating or data consent (issue 14): their answer is the bot's to read, whoever attended.
  if (ticket.status === "nps" || ticket.status === "lgpd") return BOT;
  const holder = parseHolder(ticket.holder);
  if (ticket.userId !== null || ticket.status === "closed" || holder.by === "attendant") return { by: "nobody", reason: "attended" };
  if (holder.by === "handler") {
    if (gate.contact.disableBot) return { by: "nobody", reason: "botDisabled" };
    return { by: "handler", kind: holder.kind, ref: holder.ref };
  }
  if (ticket.status !== "pending" && holder.by !== "bot") return { by: "nobody", reason: "attended" };
  if (gate.contact.disableBot) return { by: "nobody", reason: "botDisabled" };
  if (ticket.isGroup && !gate.groupAsTicket()) return { by: "nobody", reason: "group" };
  return BOT;
}

/**
 * Why the chatbot leaves this message alone, or null when it handles it: `whoHandles` seen
 * from the chatbot (a handler's ticket is `integration`: some handler is in charge).
 *
 * @example
 * if (skipReason({ ticket, contact, inbound: { fromMe: message.fromMe }, groupAsTicket: () => false })) return;
 */
export function skipReason(gate: Gate): NotHandledReason | null {
  const who = whoHandles(gate);
  if (who.by === "bot") return null;
  return who.by === "handler" ? "integration" : who.reason;
}
