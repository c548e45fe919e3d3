/**
 * Scripted conversations for the engine's tests: a fake ticket the decisions are applied
 * to (queue, attendant, status, isBot), the bot state carried from turn to turn, and a
 * clock the test moves. Everything else is plain data built with the helpers below.
 */
import type { Action, Decision } from "./actions.ts";
import type { BotState, TimerKind } from "./bot-state.ts";
import { decideInbound } from "./decide-inbound.ts";
import { decideTimer } from "./decide-timer.ts";
import type { BotConnection, BotContact, BotOption, BotQueue, BotSettings, BotTicket, ChannelCapabilities, HoursScope, Instant, Providers, Snapshot } from "./snapshot.ts";

export const MINUTE = 60_000;
/** Monday 2 March 2026, 10:00 UTC. */
export const T0 = Date.UTC(2026, 2, 2, 10, 0);

export function queue(id: number, name: string, extra: Partial<BotQueue> = {}): BotQueue {
  return { id, name, greetingMessage: `Fila ${name}`, outOfHoursMessage: `${name} fechado`, closeTicket: false, rotation: false, integrationId: null, options: [], ...extra };
}

export function option(id: number, name: string, extra: Partial<BotOption> = {}): BotOption {
  return {
    id,
    name,
    greetingMessage: `Opção ${name}`,
    queueType: "text",
    closeTicket: false,
    optQueueId: null,
    optUserId: null,
    optIntegrationId: null,
    optFileId: null,
    options: [],
    ...extra,
  };
}

export interface Setup {
  queues?: BotQueue[];
  /** Default: every queue above, in that order. */
  connection?: Partial<BotConnection>;
  settings?: Partial<BotSettings>;
  contact?: Partial<BotContact>;
  ticket?: Partial<BotTicket>;
  channel?: Partial<ChannelCapabilities>;
  providers?: Partial<Providers>;
}

const sends = (d: Decision) => d.actions.filter((a): a is Extract<Action, { type: "send" }> => a.type === "send");
/** The texts a decision sends. */
export const texts = (d: Decision) => sends(d).map((a) => a.text);
/** The action types, in order. */
export const kinds = (d: Decision) => d.actions.map((a) => a.type);
/** The actions of one type. */
export const actionsOf = <K extends Action["type"]>(d: Decision, type: K) => d.actions.filter((a): a is Extract<Action, { type: K }> => a.type === type);

export class Conversation {
  ticket: BotTicket;
  state: BotState | null = null;
  now: Instant = T0;
  today = "2026-03-02";
  /** Office hours of every scope; tests replace it. */
  isOpen: (scope: HoursScope, at: Instant) => boolean = () => true;

  constructor(readonly setup: Setup = {}) {
    this.ticket = { id: 1, status: "pending", queueId: null, userId: null, isBot: false, isGroup: false, holder: null, ...setup.ticket };
  }

  snapshot(): Snapshot {
    const queues = this.setup.queues ?? [];
    const connection: BotConnection = {
      greetingMessage: "Olá! Escolha um setor:",
      greetingMedia: null,
      outOfHoursMessage: "Estamos fechados.",
      queueIds: queues.map((q) => q.id),
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      timeSendQueue: 0,
      sendIdQueue: null,
      groupAsTicket: false,
      collectiveVacation: { start: null, end: null, message: "" },
      ratingMessage: "De 0 a 10, quanto você nos recomendaria?",
      maxUseBotQueuesNPS: 3,
      complationMessage: "Obrigado, até logo!",
      ...this.setup.connection,
    };
    const settings: BotSettings = {
      scheduleType: "disabled",
      chatBotType: "text",
      sendGreetingMessageOneQueues: true,
      sendQueuePosition: false,
      sendQueuePositionMessage: "",
      directTicketsToWallets: false,
      lgpd: { enabled: false, consent: false, message: "", link: "" },
      ...this.setup.settings,
    };
    return {
      ticket: { ...this.ticket },
      contact: { disableBot: false, walletUserId: null, lgpdAcceptedAt: null, ...this.setup.contact },
      connection,
      queues,
      settings,
      channel: { list: false, buttons: false, ...this.setup.channel },
      providers: { integration: false, file: false, ...this.setup.providers },
      calendar: { now: this.now, today: this.today, isOpen: (scope, at) => this.isOpen(scope, at) },
      state: this.state,
    };
  }

  /** The customer writes; the decision is applied to the ticket. */
  say(body: string): Decision {
    return this.apply(decideInbound(this.snapshot(), { body, fromMe: false }));
  }

  /** Moves the clock. */
  after(minutes: number): this {
    this.now += minutes * MINUTE;
    return this;
  }

  /** The timer of that kind comes due (the clock jumps to it). */
  fire(kind: TimerKind): Decision {
    const at = this.state?.timers[kind];
    if (at === undefined) throw new Error(`no ${kind} timer is armed`);
    this.now = Math.max(this.now, at);
    return this.apply(decideTimer(this.snapshot(), { kind, at }));
  }

  private apply(d: Decision): Decision {
    this.state = d.state;
    for (const a of d.actions) {
      if (a.type === "setQueue") this.ticket.queueId = a.queueId;
      if (a.type === "assignUser") Object.assign(this.ticket, { userId: a.userId, status: "open" });
      if (a.type === "closeTicket") this.ticket.status = "closed";
      // As tickets applies them: the bot lets go only of what it holds (plugins/tickets/server/bot/bot-turns.ts).
      if (a.type === "setBot") {
        this.ticket.isBot = a.isBot;
        if (a.isBot) this.ticket.holder = "bot";
        else if (this.ticket.holder === "bot") this.ticket.holder = null;
      }
      if (a.type === "handOver") this.ticket.holder = `integration:${a.integrationId}`;
    }
    return d;
  }
}
