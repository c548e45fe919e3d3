import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { BotWrite } from "../../../tickets/server/bot.contract.ts";
import type { MessageRow, TicketRow } from "../../../tickets/server/tickets.contract.ts";
import { BOT_HOLDER, handlerHolder, parseHolder } from "../../../tickets/shared/holder.contract.ts";
import "../../../tickets/server/tickets-events.contract.ts";
import { fold } from "../engine/reply.ts";
import type { HandOverProvider } from "../hand-over.contract.ts";
import type { HandOverRegistry } from "./hand-over-registry.ts";

/** Links of handlers passing a conversation on within one turn before the last one waits for the customer. */
const MAX_CHAIN = 3;

/** A handler's turn: the writes, and the holder they were decided under (tickets refuses them once it changed). */
export interface HeldTurn {
  writes: BotWrite[];
  /** The holder the writes were decided under (null: nobody held the ticket). */
  holder: string | null;
}

/**
 * What the registry's providers do inside bot turns (issue 24): the engine's `handOver` and
 * `sendFileList` actions become their providers' `start` writes, a customer's message on a
 * ticket a provider holds becomes its `onMessage` writes (or the hand-back, on its finish
 * keyword), and a provider is told when its conversation left it (`end`), whoever ended it.
 */
export class HandOvers {
  constructor(
    private ctx: PluginContext,
    readonly registry: HandOverRegistry,
  ) {}

  /**
   * The engine chose an "Integração" option: the holder becomes the provider's
   * `integration:<id>` (logged `handOver`), then its first writes. Empty when no provider of
   * the kind is registered (the engine offers the option only when one is).
   */
  async handOver(ticket: TicketRow, kind: string, ref: string): Promise<BotWrite[]> {
    const provider = this.registry.get(kind);
    if (!provider) return [];
    const holder = handlerHolder(kind, ref);
    return this.chained({ ...ticket, holder }, [{ type: "handOver", holder }, ...(await provider.start({ ...ticket, holder }, ref))]);
  }

  /**
   * A handler's writes that pass the conversation on to another handler (a flow's Typebot
   * node, an integration of type flowbuilder): the next provider's `start` writes follow the
   * hand-over in the same turn, so it greets at once instead of waiting for the customer's
   * next message. Bounded: a chain of hand-overs (A → B → A …) stops after a few links.
   */
  private async chained(ticket: TicketRow, writes: BotWrite[], depth = 0): Promise<BotWrite[]> {
    const out: BotWrite[] = [];
    let current = ticket.holder;
    for (const w of writes) {
      out.push(w);
      if (w.type !== "handOver" || w.holder === current) continue;
      current = w.holder;
      const next = parseHolder(w.holder);
      if (next.by !== "handler" || !next.ref || depth >= MAX_CHAIN) continue;
      const provider = this.registry.get(next.kind);
      if (!provider) continue;
      const passed = { ...ticket, holder: w.holder };
      out.push(...(await this.chained(passed, await provider.start(passed, next.ref), depth + 1)));
    }
    return out;
  }

  /**
   * A start rule's turn (`automation.startHandOver`): the ticket goes to `holder` with the
   * provider's first writes, decided under the ticket's holder as it is now (a ticket an
   * attendant or another handler took meanwhile refuses them). Null when nobody of the kind
   * is registered any more, or when the ticket is held by someone who is not the chatbot.
   */
  async start(ticket: TicketRow, holder: string): Promise<HeldTurn | null> {
    const parsed = parseHolder(holder);
    if (parsed.by !== "handler" || !parsed.ref || !this.registry.has(parsed.kind)) return null;
    if (ticket.holder && ticket.holder !== BOT_HOLDER) return null;
    return { holder: ticket.holder, writes: await this.handOver(ticket, parsed.kind, parsed.ref) };
  }

  /** A one-shot provider (the file-list sender): its writes, and the chatbot keeps the conversation. */
  async once(ticket: TicketRow, kind: string, ref: string): Promise<BotWrite[]> {
    const provider = this.registry.get(kind);
    return provider ? provider.start(ticket, ref) : [];
  }

  /** The registered provider holding the ticket, with its ref; null when the holder is not one (or names no ref). */
  holding(ticket: TicketRow): { provider: HandOverProvider; ref: string; holder: string } | null {
    const holder = parseHolder(ticket.holder);
    if (holder.by !== "handler" || !holder.ref || !ticket.holder) return null;
    const provider = this.registry.get(holder.kind);
    return provider ? { provider, ref: holder.ref, holder: ticket.holder } : null;
  }

  /**
   * A customer's message on a ticket a provider holds: its finish keyword hands the
   * conversation back (to the queue's attendants, logged `handBack`); anything else is the
   * provider's `onMessage`.
   */
  async turn(ticket: TicketRow, message: MessageRow): Promise<HeldTurn | null> {
    const held = this.holding(ticket);
    if (!held) return null;
    const { provider, ref, holder } = held;
    const keyword = await provider.finishKeyword?.(ticket, ref);
    if (keyword?.trim() && fold(message.body) === fold(keyword)) return { holder, writes: [{ type: "handOver", holder: null, reason: "keyword" }] };
    return { holder, writes: await this.chained(ticket, await provider.onMessage(ticket, message, ref)) };
  }

  /** `tickets.ticket.holderChanged`: a provider whose conversation left it is told why (after commit, best effort). */
  async changed(e: { companyId: number; ticketId: number; from: string | null; to: string | null; reason: string }): Promise<void> {
    const from = parseHolder(e.from);
    if (from.by !== "handler" || e.to === e.from) return;
    const provider = this.registry.get(from.kind);
    if (!provider?.end) return;
    try {
      await provider.end({ companyId: e.companyId, ticketId: e.ticketId, ref: from.ref }, e.reason);
    } catch (err) {
      this.ctx.log.error(`automation: the ${from.kind} provider's end failed for ticket ${e.ticketId}`, err);
    }
  }
}
