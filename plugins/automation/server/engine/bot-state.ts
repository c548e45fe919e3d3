/**
 * Where the bot is with one ticket, kept by the wiring between turns (a JSON column of the
 * automation plugin's own table, one row per ticket). Plain data so it survives restarts.
 */
import type { Instant } from "./snapshot.ts";

/** The durable timers of one ticket: at most one of each kind. */
export type TimerKind = "redirect" | "botTimeout";

/**
 * - `idle`: nothing shown yet (or only a vacation / out-of-hours answer): the next message starts the flow.
 * - `queueMenu`: the connection's queue menu was sent; a reply picks a queue.
 * - `optionMenu`: a level of a queue's option tree was sent; a reply picks an option.
 * - `waiting`: the bot is done; the ticket waits for an attendant (or was closed / handed over).
 */
export type BotPhase = "idle" | "queueMenu" | "optionMenu" | "waiting";

export interface BotState {
  phase: BotPhase;
  /** When the bot sent its first menu on this ticket: `timeUseBotQueues` counts from here. */
  startedAt: Instant | null;
  /** In `optionMenu`: the queue whose tree is walked. */
  queueId: number | null;
  /** In `optionMenu`: the chosen option ids from the tree's first level down to the one whose steps are shown. */
  path: number[];
  /** How many times the current menu was sent (1 at first); the ticket's `amountUsedBotQueues`. */
  attempts: number;
  /** When an out-of-hours answer was last sent: one per closed window. */
  outOfHoursAt: Instant | null;
  /** The collective vacation already answered, as "start/end". */
  vacationAnswered: string | null;
  /** When each pending timer is due; a fired timer whose instant differs is stale. */
  timers: Partial<Record<TimerKind, Instant>>;
  /**
   * In a menu phase: the queue the bot left the ticket in (null: none). A ticket found in
   * another one was moved by someone else meanwhile. Absent in states saved before it.
   */
  ticketQueueId?: number | null;
  /** Issue 14: how many times the rating question / the consent question was sent on this ticket. */
  ratingAsks?: number;
  consentAsks?: number;
}

/** The state of a ticket the engine never saw. */
export function initialState(): BotState {
  return { phase: "idle", startedAt: null, queueId: null, path: [], attempts: 0, outOfHoursAt: null, vacationAnswered: null, timers: {} };
}

/** The phases in which the bot waits for the customer's answer (the ticket's `isBot`). */
export const isMenuPhase = (phase: BotPhase) => phase === "queueMenu" || phase === "optionMenu";
