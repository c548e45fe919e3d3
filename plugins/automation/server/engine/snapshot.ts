/**
 * What the decision engine reads: a snapshot the wiring builds from the tickets, queues,
 * connections, contacts, settings and office-hours plugins. The engine's own shapes (not
 * those plugins' rows) so it stays pure and those plugins stay free to change; the wiring
 * maps their rows onto these. Instants are epoch milliseconds.
 */
import type { BotState } from "./bot-state.ts";

/** Epoch milliseconds. */
export type Instant = number;

/** What a chatbot option does when chosen (spec 001 §3 'Chatbot option', `queueType`). */
export type OptionType = "text" | "attendent" | "queue" | "integration" | "file";

/** One chatbot option with its nested steps. */
export interface BotOption {
  id: number;
  name: string;
  /** Sent when the option is chosen; the heading of its own steps' menu. */
  greetingMessage: string;
  queueType: OptionType;
  /** Close the ticket once the option's message is sent. */
  closeTicket: boolean;
  optQueueId: number | null;
  optUserId: number | null;
  optIntegrationId: number | null;
  optFileId: number | null;
  /** Its next steps, in their position order. */
  options: BotOption[];
}

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  /** A queue without options that only informs: the ticket closes after its greeting. */
  closeTicket: boolean;
  /** `ativarRoteador`: pending tickets are handed round the queue's online attendants. */
  rotation: boolean;
  /** A file list sent on entering the queue (issue 27; the `file` provider, when registered). */
  fileListId?: number | null;
  /** The queue's integration (issue 27): entering the queue hands the conversation to it, when the kind is registered. */
  integrationId: number | null;
  /** The first level of its option tree, in position order. */
  options: BotOption[];
}

export interface BotConnection {
  greetingMessage: string;
  /** `greetingMediaAttachment`: the stored file's public path, sent with the greeting. */
  greetingMedia: string | null;
  /** Answered out of hours when `scheduleType` is company or connection. */
  outOfHoursMessage: string;
  /** The connection's queues in `orderQueue` order (then id): the menu's numbering. */
  queueIds: number[];
  /** Menus one step may send before the bot gives up (0: no limit). */
  maxUseBotQueues: number;
  /** Minutes the bot keeps answering from its first menu (0: no limit). */
  timeUseBotQueues: number;
  /** Minutes without a queue after which the ticket goes to `sendIdQueue` (0: never). */
  timeSendQueue: number;
  sendIdQueue: number | null;
  /** Group chats are tickets like any other. */
  groupAsTicket: boolean;
  /** Days as YYYY-MM-DD in the company's time zone; the message answers during the period. */
  collectiveVacation: { start: string | null; end: string | null; message: string };
  /** NPS (issue 14): the question, re-sent after an invalid answer while fewer than `maxUseBotQueuesNPS` were sent. */
  ratingMessage: string;
  maxUseBotQueuesNPS: number;
  /** The farewell after a rating (and after a refused consent). */
  complationMessage: string;
}

/** The company settings the engine follows (spec 001 §3 'Company settings'), already parsed. */
export interface BotSettings {
  scheduleType: "disabled" | "queue" | "company" | "connection";
  chatBotType: "text" | "list" | "button";
  sendGreetingMessageOneQueues: boolean;
  sendQueuePosition: boolean;
  sendQueuePositionMessage: string;
  directTicketsToWallets: boolean;
  /** LGPD (issue 14): `enableLGPD`, `lgpdConsent` (wait for an answer), `lgpdMessage`, `lgpdLink`. */
  lgpd: { enabled: boolean; consent: boolean; message: string; link: string };
}

export interface BotTicket {
  id: number;
  status: "pending" | "open" | "closed" | "group" | "nps" | "lgpd";
  queueId: number | null;
  userId: number | null;
  /** The chatbot holds the conversation (holder `bot`): a menu waits for the customer's answer. */
  isBot: boolean;
  isGroup: boolean;
  /** Who holds the conversation (tickets' shared/holder.contract.ts): null, `bot`, `attendant` or a handler `<kind>:<ref>`. */
  holder: string | null;
}

export interface BotContact {
  disableBot: boolean;
  /** The attendant whose wallet holds the contact, if any. */
  walletUserId: number | null;
  /** When the contact accepted the data terms (LGPD); null: never asked or never accepted. */
  lgpdAcceptedAt: string | null;
}

/** The customer's message that triggered this turn (already stored). */
export interface BotInbound {
  body: string;
  fromMe: boolean;
}

/** Interactive menus the channel can show; without them menus go as numbered text. */
export interface ChannelCapabilities {
  list: boolean;
  buttons: boolean;
}

/** Which hand-over providers are registered (`automation.registerHandOver`): an option of a kind with none is not offered. */
export interface Providers {
  integration: boolean;
  file: boolean;
}

/** Whose office hours a check reads. */
export type HoursScope = { kind: "company" } | { kind: "connection" } | { kind: "queue"; queueId: number };

/** Time as the company sees it, from the wiring (the office-hours plugin evaluates the weeks). */
export interface Calendar {
  now: Instant;
  /** Today as YYYY-MM-DD in the company's time zone. */
  today: string;
  /** Whether the scope's office hours are open at an instant (the wiring binds the weeks and the time zone). */
  isOpen(scope: HoursScope, at: Instant): boolean;
}

/** Everything one decision reads. */
export interface Snapshot {
  ticket: BotTicket;
  contact: BotContact;
  connection: BotConnection;
  /** Every queue the engine may reach: the connection's, option targets and `sendIdQueue`. */
  queues: BotQueue[];
  settings: BotSettings;
  channel: ChannelCapabilities;
  providers: Providers;
  calendar: Calendar;
  /** This ticket's bot state, null before the engine ever ran on it. */
  state: BotState | null;
}
