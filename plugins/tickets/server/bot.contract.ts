import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { ContactSummary } from "../../channels/inbound.contract.ts";
import type { ConnectionHandlers } from "../../connections/server/connections.contract.ts";
import type { MessageRow, TicketRow } from "./tickets.contract.ts";

/*
 * What an automation plugin (issue 13's bot) uses of tickets: a step inside the inbound
 * pipeline's write, the ticket as one turn reads it, and one call that applies a turn's
 * writes as a unit of the write batcher, with the caller's own writes (its bot state), so
 * bot turns share the inbound messages' transactions instead of holding the writer apart.
 */

/** A new inbound message as the pipeline commits it, handed to each after-inbound step. */
export interface InboundStored {
  /** The write batcher's synchronous handle: the step's writes join the message's unit. */
  db: SyncDb;
  message: MessageRow;
  /** The ticket as it commits with the message. */
  ticket: TicketRow;
  contact: ContactSummary;
  /**
   * Who else answers on the message's connection (`ConnectionHandlers`: integrationId, promptId,
   * flowIdWelcome, flowIdNotPhrase), as the pipeline read the connection before the unit
   * (`connections.get`: this process's changes at once, another process's within its 1 s cache).
   * Start rules read these instead of the connection's row: on a libSQL server every read in
   * the unit is a round trip of its own, in series (README "Scaling out").
   */
  connection: ConnectionHandlers;
}

/**
 * Runs synchronously inside the receive unit for every NEW message (never for a retried or
 * duplicated provider id). Keep it cheap: it runs for every message of every channel.
 * Throwing undoes the message. Answering `"claimed"` takes the message: the steps of lower
 * priority are not run for it (who answers a customer's message is decided once).
 */
export type AfterInboundStep = (stored: InboundStored) => "claimed" | undefined;

/**
 * Where an after-inbound step runs among the others: highest first, equal ones in the order
 * they were added. The conversation's holder runs first: a registered hand-over handler's
 * step outranks anything that could start a conversation (a phrase campaign's match), which
 * outranks the chatbot, which outranks steps that only look (the default).
 */
export const INBOUND_PRIORITY = {
  /** The registered handler holding the ticket (automation's hand-over step). */
  handler: 400,
  /** A match that starts a flow on a ticket nobody holds (a phrase campaign): before the greeting. */
  phrase: 300,
  /**
   * A connection's own handler for a conversation nobody holds (its integration, AI prompt,
   * welcome flow; `automation.startHandOver`): after a phrase match, before the chatbot.
   * Integrations at `connection + 20`, prompts at `connection + 10`, flows at `connection`.
   */
  connection: 250,
  /** The chatbot (greeting, menus, rating and consent answers). */
  chatbot: 200,
  /** Steps that observe and never answer. */
  observe: 100,
} as const;

export interface AfterInboundOptions {
  /** INBOUND_PRIORITY's scale; default `observe`. */
  priority?: number;
}

/** What one bot turn reads of its ticket. */
export interface BotTicketContext {
  ticket: TicketRow;
  /** The message the turn answers, null when it is gone (deleted with its ticket). */
  message: MessageRow | null;
  /** The newest customer message of the ticket: messages up to it are answered by this turn. */
  latestInboundId: number;
}

/** One write of a bot turn, applied in order by `tickets.botApply`. */
export type BotWrite =
  /**
   * A message to the customer with no author, variables resolved, delivered by the outbox.
   * `voiceNote` (with an audio `media`): sent as a voice note (true) or as an audio file
   * (false), kept as `ptt` in the message's dataJson like an inbound voice note; absent, the
   * channel decides (WhatsApp: an Ogg/Opus file is a voice note).
   */
  | { type: "send"; text: string; media?: string; voiceNote?: boolean; interactive?: { mediaType: "listMessage" | "interactiveMessage"; data: unknown } }
  /** Into a queue, still pending (with its `queue`/`redirect` log when `log` is set). */
  | { type: "setQueue"; queueId: number; log: "queue" | "redirect" | null }
  /** To this attendant: open (group), theirs. */
  | { type: "assignUser"; userId: number }
  | { type: "close" }
  /**
   * The chatbot takes the conversation (`true`: holder `bot`) or lets it go (`false`: holder
   * back to nobody, only when the bot held it: a handler or attendant who took over keeps it).
   */
  | { type: "setBot"; isBot: boolean }
  /**
   * The one hand-over write (issue 24): the conversation's holder becomes `holder`
   * (shared/holder.contract.ts: a handler `<kind>:<ref>`, `bot`, or null for nobody), logged
   * `handOver` when a handler takes it and `handBack` when a handler lets it go. `reason` is
   * why a handler let go (`done`, `keyword`, …), carried by the `tickets.ticket.holderChanged` event.
   */
  | { type: "handOver"; holder: string | null; reason?: string }
  | { type: "log"; log: "chatBot" | "queue" | "redirect" | "lgpdAccepted"; queueId: number | null }
  /**
   * The ticket waits for the customer's data consent (`lgpd`, logged `lgpd`), or goes on
   * waiting for an attendant (`pending`, after the consent): issue 14.
   */
  | { type: "setStatus"; status: "lgpd" | "pending" }
  /**
   * The customer's NPS answer (0..10) on a ticket in `nps`: stored as the ticket's rating and
   * as a `ticket_ratings` row with who attended, the queue and the connection (logged `rated`).
   * A ticket rated already keeps its first rating.
   */
  | { type: "rate"; score: number };

/** One message of a conversation as a handler reads it (`tickets.recentMessages`). */
export interface ConversationLine {
  id: number;
  /** Ours (an attendant's or a bot's), else the customer's. */
  fromMe: boolean;
  body: string;
  mediaType: string;
  /** The stored file of a media message (`/public/company{id}/…`), e.g. an audio a handler transcribes. */
  mediaUrl?: string | null;
  createdAt: string;
}

export interface BotApplied {
  /** The ticket after the writes. */
  ticket: TicketRow;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Adds a step to the inbound pipeline, run in the receive unit of each new message.
     * @example
     *   // afterInbound: this service, taken with require (manifest `requires`)
     *   afterInbound(({ db, message, ticket }) => {
     *     if (ticket.status !== "pending") return;
     *     ctx.jobs.enqueueSync(db, "step", { messageId: message.id });
     *     return "claimed";
     *   }, { priority: INBOUND_PRIORITY.chatbot });
     */
    "tickets.afterInbound": (step: AfterInboundStep, options?: AfterInboundOptions) => void;
    /** The ticket and message of a bot turn, or null when the ticket is not the company's (any more). */
    "tickets.botContext": (companyId: number, ticketId: number, messageId: number) => Promise<BotTicketContext | null>;
    /**
     * Applies a bot turn's writes (queue, attendant, close, `isBot`, logs, messages with
     * their delivery outbox rows) in ONE write-batcher unit, then `alongside` (the caller's
     * own writes, synchronous) in the same unit: all land or none (`alongside` throwing undoes
     * the turn and rejects with its error). Ticket and message events follow the commit. A
     * ticket an attendant took meanwhile (no longer pending nor with the bot, nor waiting for a
     * rating or consent), or one gone, answers null and nothing is written; so does one whose
     * holder is no longer `expectHolder`, when given (a hand-over handler's turn).
     * @example
     *   const applied = await botApply(companyId, ticketId, writes, (db) => saveState(db));
     */
    "tickets.botApply": (
      companyId: number,
      ticketId: number,
      writes: BotWrite[],
      alongside: (db: SyncDb) => void,
      options?: { expectHolder?: string | null },
    ) => Promise<BotApplied | null>;
    /**
     * Rotation: gives the oldest pending ticket of the queue that nobody holds and the bot is
     * done with to `userId` (open, theirs, logged `open`), with a conditional update so no
     * ticket is ever given twice. Answers the ticket given (null: none waiting) and how many
     * still wait after it. With `userId` null it only counts them.
     */
    "tickets.assignWaiting": (companyId: number, queueId: number, userId: number | null) => Promise<{ ticketId: number | null; waiting: number }>;
    /** The ticket's place among the pending tickets of a queue (1 = next), oldest first. */
    "tickets.queuePosition": (companyId: number, ticketId: number, queueId: number) => Promise<number>;
    /**
     * The LATEST `limit` messages of the company's ticket (at most 100), oldest first, without
     * internal notes or deleted ones: a hand-over handler's context (an AI prompt's `maxMessages`).
     */
    "tickets.recentMessages": (companyId: number, ticketId: number, limit: number) => Promise<ConversationLine[]>;
  }
}
