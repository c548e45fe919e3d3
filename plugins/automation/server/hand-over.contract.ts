import type { BotWrite, InboundStored } from "../../tickets/server/bot.contract.ts";
import type { MessageRow, TicketRow } from "../../tickets/server/tickets.contract.ts";

/**
 * The hand-over registry (issue 24): plugins that take a conversation over from the chatbot
 * (a flow engine, a queue integration such as Typebot/n8n/Dialogflow, an AI prompt) or that
 * act once for a chatbot option (the file-list sender) register a provider here, like a
 * channel driver with `channels.registerDriver`. Providers act only through bot writes
 * (tickets' `BotWrite`): the automation plugin applies them in the ticket's bot turn, one
 * turn at a time per ticket, durable (its `step` job).
 */

/** Kinds the chatbot option types name (spec 001 §3 `queueType`); a flow or an AI prompt registers its own. */
export type HandOverKind = "integration" | "file" | "flow" | "prompt" | (string & {});

/** Why a handler's conversation ended, as its `end` hears it. */
export type HandOverEndReason =
  /** The provider said so (its write `{ type: "handOver", holder: null, reason: "done" }`). */
  | "done"
  /** The customer sent the provider's finish keyword. */
  | "keyword"
  /** An attendant took the ticket (accept, transfer to them, the chatbot's wallet routing). */
  | "attendant"
  /** The ticket went back to a queue with nobody, or the `useIntegration` switch was turned off. */
  | "queue"
  | "closed"
  | (string & {});

export interface HandOverProvider {
  /** One provider per kind: a second registration stops the boot. */
  kind: HandOverKind;
  /**
   * The conversation is handed to `ref` (the integration's, flow's, prompt's or file list's
   * id, as text). Answers the writes of its first turn (a welcome, the files …); they land in
   * the chatbot turn that handed over. For the `file` kind this is the whole job: a file list
   * is sent once and the chatbot keeps the conversation (`onMessage` is never asked).
   */
  start(ticket: TicketRow, ref: string): BotWrite[] | Promise<BotWrite[]>;
  /**
   * A customer's message on a ticket this provider holds (holder `<kind>:<ref>`). Answers the
   * turn's writes; `{ type: "handOver", holder: null, reason: "done" }` hands the
   * conversation back (to its queue's attendants). May run again for the same message when
   * an attendant took the ticket meanwhile: keep it free of side effects outside its writes.
   */
  onMessage(ticket: TicketRow, message: MessageRow, ref: string): BotWrite[] | Promise<BotWrite[]>;
  /**
   * The word that ends the conversation with this handler (Typebot's `typebotKeywordFinish`);
   * compared with the customer's whole message, case and accents ignored. Null: none.
   */
  finishKeyword?(ticket: TicketRow, ref: string): string | null | Promise<string | null>;
  /** Told once the conversation left the provider, whoever ended it (after commit, best effort). */
  end?(ticket: { companyId: number; ticketId: number; ref: string }, reason: HandOverEndReason): void | Promise<void>;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Registers a hand-over provider (during setup). A second provider of one kind throws,
     * naming the kind, which stops the boot.
     * @example
     *   // registerHandOver: this service, taken with require (manifest `requires`, `dependsOn: ["automation"]`)
     *   registerHandOver({ kind: "integration", start, onMessage, finishKeyword: () => "sair" });
     */
    "automation.registerHandOver": (provider: HandOverProvider) => void;
    /** The kinds registered so far (the queue editor says when an option's kind has none). */
    "automation.handOverKinds": () => string[];
    /**
     * For a plugin's own after-inbound step (a start rule): hands the conversation of this
     * customer message to `holder` (`<kind>:<ref>`, a registered kind), through the bot turn
     * that answers the message (the handler's `start` writes). Answers `"claimed"` (return it
     * from the step, so the chatbot stays out) or undefined when it does not apply: a message
     * of ours, a ticket an attendant or a handler holds, a kind nobody registered.
     * @example
     *   // a connection's integration takes every new conversation, before the chatbot
     *   afterInbound((stored) => {
     *     const id = integrationOfConnection(stored.db, stored.ticket.whatsappId);
     *     return id && !stored.ticket.holder ? startHandOver(stored, `integration:${id}`) : undefined;
     *   }, { priority: INBOUND_PRIORITY.connection });
     */
    "automation.startHandOver": (stored: InboundStored, holder: string) => "claimed" | undefined;
    /**
     * Hands a ticket to `holder` (`<kind>:<ref>`, a registered kind) outside a customer's
     * message: the `useIntegration` switch turned back on, an attendant's transfer into a
     * queue with an integration. A durable job in the ticket's lane (after its turns) applies
     * the hand-over, with the provider's `start` writes when `start` is set (else the
     * provider answers the customer's next message), only while the ticket's holder is still
     * `expectHolder` and a bot may act on it (nobody attends it). Answers false when the kind
     * is not registered (nothing enqueued).
     * @example
     *   // the switch turned on (holder "integration"): the queue's integration 4 takes it again
     *   await handOverTicket(companyId, ticketId, "integration:4", { expectHolder: "integration", start: false });
     */
    "automation.handOverTicket": (companyId: number, ticketId: number, holder: string, options: { expectHolder: string | null; start: boolean }) => Promise<boolean>;
  }
}
