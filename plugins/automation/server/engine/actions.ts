/**
 * What the engine decides: typed actions the wiring executes in order through the tickets
 * plugin's services, and the ticket's next bot state.
 */
import type { BotState, TimerKind } from "./bot-state.ts";
import type { Instant } from "./snapshot.ts";

/** A menu the channel shows as a list or reply buttons; `text` of the send stays the fallback. */
export type Interactive = { kind: "list"; buttonText: string; rows: { id: string; title: string }[] } | { kind: "buttons"; buttons: { id: string; title: string }[] };

/** Why the engine left a message alone. */
export type NotHandledReason =
  | "fromMe"
  | "group"
  | "attended"
  | "botDisabled"
  | "integration"
  | "waiting"
  | "vacationAnswered"
  | "outOfHoursAnswered"
  | "outOfHours"
  | "nothingConfigured"
  | "staleTimer"
  | "consentAwaited";

export type Action =
  /**
   * A bot message to the customer. `text` keeps its `{{variables}}`: the wiring sends it
   * with the tickets plugin's variable resolution on. `media` is a stored file's public path.
   */
  | { type: "send"; text: string; media?: string; interactive?: Interactive }
  | { type: "setQueue"; queueId: number }
  /** The ticket goes to this attendant (open, theirs). */
  | { type: "assignUser"; userId: number }
  | { type: "closeTicket" }
  /** The ticket's `isBot` and `amountUsedBotQueues` changed. */
  | { type: "setBot"; isBot: boolean; attempts: number }
  | { type: "log"; log: "chatBot" | "queue" | "redirect" | "lgpdAccepted"; queueId: number | null }
  /** The ticket waits for the customer's consent (`lgpd`), or again for an attendant (`pending`). */
  | { type: "setStatus"; status: "lgpd" | "pending" }
  /** The customer's NPS answer, 0..10, on a ticket in `nps`. */
  | { type: "rate"; score: number }
  /** The contact accepted the data terms (its `lgpdAcceptedAt`). */
  | { type: "recordConsent" }
  /** (Re)arms the ticket's durable timer of this kind; the wiring calls `decideTimer` when due. */
  | { type: "scheduleTimer"; kind: TimerKind; at: Instant }
  | { type: "cancelTimer"; kind: TimerKind }
  /** The ticket waits in a queue with rotation on: the rotation job should hand it to an attendant. */
  | { type: "askRotation"; queueId: number }
  /** Tell the customer their place in the queue: the wiring counts it and fills it in with `positionText`. */
  | { type: "announcePosition"; queueId: number; text: string }
  /** An integration provider takes the conversation over (the ticket's `useIntegration`). */
  | { type: "handOver"; integrationId: number }
  /** The file-list provider sends the files of this list. */
  | { type: "sendFileList"; fileListId: number }
  | { type: "notHandled"; reason: NotHandledReason };

export interface Decision {
  actions: Action[];
  /** The state to keep for the next turn (the same object shape whether or not it changed). */
  state: BotState;
}
