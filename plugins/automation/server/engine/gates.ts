import { isMenuPhase } from "./bot-state.ts";
import type { Turn } from "./turn.ts";

/**
 * What answers before any menu: a collective vacation, then closed office hours. Each
 * returns true when it answered (or had already answered) and the turn stops there; the
 * ticket stays pending and its bot state is kept, so the flow goes on once open again.
 */

/** During the connection's collective vacation: its message, once per vacation and ticket. */
export function onVacation(t: Turn): boolean {
  const { start, end, message } = t.s.connection.collectiveVacation;
  const today = t.s.calendar.today;
  if (!message.trim() || !start || !end || today < start || today > end) return false;
  const period = `${start}/${end}`;
  if (t.state.vacationAnswered === period) t.notHandled("vacationAnswered");
  else {
    t.send(message);
    t.state.vacationAnswered = period;
  }
  return true;
}

/** `scheduleType` company or connection, closed now: the connection's out-of-hours message, once per window. */
export function companyOrConnectionClosed(t: Turn): boolean {
  const kind = t.s.settings.scheduleType;
  if (kind !== "company" && kind !== "connection") return false;
  if (t.s.calendar.isOpen({ kind }, t.now)) return false;
  t.outOfHours({ kind }, t.s.connection.outOfHoursMessage);
  return true;
}

/**
 * `scheduleType` queue, and the ticket's queue is closed now: that queue's out-of-hours
 * message, once per window; a bot conversation inside the queue's tree stops there.
 */
export function queueClosed(t: Turn): boolean {
  const queue = t.s.settings.scheduleType === "queue" ? t.queue(t.queueId) : null;
  if (!queue) return false;
  const scope = { kind: "queue", queueId: queue.id } as const;
  if (t.s.calendar.isOpen(scope, t.now)) return false;
  t.outOfHours(scope, queue.outOfHoursMessage);
  if (isMenuPhase(t.state.phase)) t.waitIn(queue, true);
  return true;
}
