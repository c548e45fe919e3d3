import type { Decision } from "./actions.ts";
import { isMenuPhase, type TimerKind } from "./bot-state.ts";
import { skipReason } from "./skip-reason.ts";
import type { Instant, Snapshot } from "./snapshot.ts";
import { Turn } from "./turn.ts";

/**
 * A ticket's durable timer came due (the wiring's job, with the instant it was armed for).
 * - `botTimeout` (`timeUseBotQueues` after the first menu): the bot stops; the ticket
 *   waits in its queue, or without one.
 * - `redirect` (`timeSendQueue` after the first menu, while no queue was chosen): the
 *   ticket moves to `sendIdQueue`, logged as `redirect`, and waits there.
 * A timer re-armed or cancelled since (its instant differs from the state's) is stale and
 * does nothing, and so does one on a ticket an attendant took meanwhile (its other timers go too).
 *
 * @example
 * const { actions, state } = decideTimer(snapshot, { kind: "redirect", at: job.dueAt });
 */
export function decideTimer(s: Snapshot, timer: { kind: TimerKind; at: Instant }): Decision {
  const t = new Turn(s);
  if (t.state.timers[timer.kind] !== timer.at) {
    t.notHandled("staleTimer");
    return { actions: t.actions, state: t.state };
  }
  t.fired(timer.kind);
  const skip = skipReason({ ticket: s.ticket, contact: s.contact, inbound: { fromMe: false }, groupAsTicket: () => s.connection.groupAsTicket });
  if (skip) {
    t.finish();
    t.state.timers = {};
    t.notHandled(skip);
  } else if (timer.kind === "botTimeout") {
    if (isMenuPhase(t.state.phase)) t.waitIn(t.queue(t.queueId));
    else t.notHandled("staleTimer");
  } else {
    const target = t.queue(s.connection.sendIdQueue);
    if (t.queueId !== null) t.notHandled("staleTimer");
    else if (!target) t.notHandled("nothingConfigured");
    else {
      t.setQueue(target.id, "redirect");
      t.waitIn(target);
    }
  }
  return t.decision();
}
