import type { Action, Decision, NotHandledReason } from "./actions.ts";
import { type BotState, initialState, isMenuPhase, type TimerKind } from "./bot-state.ts";
import { answeredThisWindow } from "./hours.ts";
import { type Menu, menuMessage } from "./menu.ts";
import type { BotQueue, HoursScope, Snapshot } from "./snapshot.ts";

const MINUTE = 60_000;
/** Options chosen without a reply in one turn (single options, queue jumps): bounds a tree that loops. */
const MAX_HOPS = 20;

/**
 * One decision in the making: the actions so far and the state they lead to. The flow
 * files call its primitives; what follows from a state change (isBot, the chatBot log,
 * timers) is derived once, in `decision()`, so no step can forget it.
 */
export class Turn {
  readonly actions: Action[] = [];
  readonly state: BotState;
  /** The ticket's queue as the actions so far leave it. */
  queueId: number | null;
  private readonly before: BotState;
  private hops = 0;

  constructor(readonly s: Snapshot) {
    this.before = structuredClone(s.state ?? initialState());
    this.state = structuredClone(this.before);
    this.queueId = s.ticket.queueId;
  }

  get now(): number {
    return this.s.calendar.now;
  }

  queue(id: number | null): BotQueue | null {
    return id === null ? null : (this.s.queues.find((q) => q.id === id) ?? null);
  }

  /** The connection's queues in menu order (a queue deleted meanwhile is skipped). */
  menuQueues(): BotQueue[] {
    return this.s.connection.queueIds.map((id) => this.queue(id)).filter((q): q is BotQueue => q !== null);
  }

  /** False once this turn has chosen too many options by itself. */
  hop(): boolean {
    return ++this.hops <= MAX_HOPS;
  }

  /** A bot message; an empty text without media sends nothing. */
  send(text: string, media?: string | null): void {
    if (!text.trim() && !media) return;
    this.actions.push({ type: "send", text: text.trim(), ...(media ? { media } : {}) });
  }

  setQueue(queueId: number, log: "queue" | "redirect"): void {
    if (queueId === this.queueId) return;
    this.actions.push({ type: "setQueue", queueId }, { type: "log", log, queueId });
    this.queueId = queueId;
    delete this.state.timers.redirect;
  }

  /**
   * Shows a menu and waits for the answer. `repeat` re-sends the current one after an
   * invalid reply (one more attempt); otherwise it is a new menu (attempt 1). The first menu
   * of a bot session starts its clock and its timers.
   */
  showMenu(where: { phase: "queueMenu" } | { phase: "optionMenu"; queueId: number; path: number[] }, menu: Menu, repeat = false): void {
    const { connection, settings } = this.s;
    this.actions.push(menuMessage(menu, settings.chatBotType, this.s.channel));
    if (!isMenuPhase(this.state.phase)) {
      this.state.startedAt = this.now;
      if (connection.timeUseBotQueues > 0) this.state.timers.botTimeout = this.now + connection.timeUseBotQueues * MINUTE;
    }
    const redirect = connection.sendIdQueue !== null && connection.timeSendQueue > 0 && this.queue(connection.sendIdQueue) !== null;
    if (where.phase === "queueMenu" && this.queueId === null && redirect && this.state.timers.redirect === undefined)
      this.state.timers.redirect = (this.state.startedAt ?? this.now) + connection.timeSendQueue * MINUTE;
    this.state.attempts = repeat ? this.state.attempts + 1 : 1;
    this.state.phase = where.phase;
    this.state.queueId = where.phase === "optionMenu" ? where.queueId : null;
    this.state.path = where.phase === "optionMenu" ? where.path : [];
  }

  /** Whether one more menu would pass `maxUseBotQueues` (0: no limit). */
  attemptsUsed(): boolean {
    const max = this.s.connection.maxUseBotQueues;
    return max > 0 && this.state.attempts >= max;
  }

  /** Whether `timeUseBotQueues` has run out since the first menu. */
  timeUsed(): boolean {
    const minutes = this.s.connection.timeUseBotQueues;
    return minutes > 0 && this.state.startedAt !== null && this.now >= this.state.startedAt + minutes * MINUTE;
  }

  /** The bot is done with this ticket: it waits (pending) for an attendant. */
  finish(): void {
    Object.assign(this.state, { phase: "waiting", queueId: null, path: [], attempts: 0 });
    delete this.state.timers.botTimeout;
  }

  /**
   * Finishes with the ticket waiting in `queue`: its place in line, and rotation when the
   * queue has it. A closed queue (`closed`) tells no place (its out-of-hours message just
   * went out) but still asks rotation: the round re-arms itself until an attendant is online,
   * else the ticket would wait until another ticket entered the queue.
   */
  waitIn(queue: BotQueue | null, closed = false): void {
    this.finish();
    if (!queue) return;
    const { sendQueuePosition, sendQueuePositionMessage } = this.s.settings;
    if (!closed && sendQueuePosition && sendQueuePositionMessage.trim()) this.actions.push({ type: "announcePosition", queueId: queue.id, text: sendQueuePositionMessage.trim() });
    if (queue.rotation) this.actions.push({ type: "askRotation", queueId: queue.id });
  }

  assign(userId: number): void {
    this.actions.push({ type: "assignUser", userId });
    this.finish();
    this.state.timers = {};
  }

  close(): void {
    this.actions.push({ type: "closeTicket" });
    this.finish();
    this.state.timers = {};
  }

  /**
   * Out of hours: the scope's message, once per closed window. A turn that did nothing
   * else says why it stayed silent (already answered, or no message to send).
   */
  outOfHours(scope: HoursScope, message: string): void {
    const answered = answeredThisWindow(this.s.calendar, scope, this.state.outOfHoursAt);
    if (!answered) {
      this.send(message);
      this.state.outOfHoursAt = this.now;
    }
    if (!this.actions.length) this.notHandled(answered ? "outOfHoursAnswered" : "outOfHours");
  }

  /** A timer that just fired is gone: nothing left to cancel. */
  fired(kind: TimerKind): void {
    delete this.before.timers[kind];
    delete this.state.timers[kind];
  }

  notHandled(reason: NotHandledReason): void {
    this.actions.push({ type: "notHandled", reason });
  }

  /** The actions with what the state change implies, and the next state. */
  decision(): Decision {
    const isBot = isMenuPhase(this.state.phase);
    if (isBot) this.state.ticketQueueId = this.queueId;
    else delete this.state.ticketQueueId;
    if (isBot && !isMenuPhase(this.before.phase)) this.actions.push({ type: "log", log: "chatBot", queueId: this.queueId });
    if (isBot !== this.s.ticket.isBot || this.state.attempts !== this.before.attempts) this.actions.push({ type: "setBot", isBot, attempts: this.state.attempts });
    for (const kind of ["redirect", "botTimeout"] as const satisfies TimerKind[]) {
      const was = this.before.timers[kind];
      const next = this.state.timers[kind];
      if (next !== undefined && next !== was) this.actions.push({ type: "scheduleTimer", kind, at: next });
      else if (next === undefined && was !== undefined) this.actions.push({ type: "cancelTimer", kind });
    }
    return { actions: this.actions, state: this.state };
  }
}
