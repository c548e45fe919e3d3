import type { Decision } from "./actions.ts";
import { isMenuPhase } from "./bot-state.ts";
import { companyOrConnectionClosed, onVacation, queueClosed } from "./gates.ts";
import { answerOptionMenu } from "./option-menu.ts";
import { answerQueueMenu } from "./queue-menu.ts";
import { skipReason } from "./skip-reason.ts";
import type { BotInbound, Snapshot } from "./snapshot.ts";
import { answerConsent, answerRating, askConsent } from "./lifecycle-answers.ts";
import { start } from "./start.ts";
import { Turn } from "./turn.ts";

/**
 * The bot's answer to one stored inbound message: pure, from the snapshot the wiring
 * built, to the actions it executes and the state it keeps. Vacation and closed hours
 * answer first; then the phase decides (first message, queue menu, option tree, waiting).
 * A bot conversation past `timeUseBotQueues` is over: the reply is left for an attendant.
 *
 * @example
 * const { actions, state } = decideInbound(snapshot, { body: "2", fromMe: false });
 */
export function decideInbound(s: Snapshot, inbound: BotInbound): Decision {
  const t = new Turn(s);
  const skip = skipReason({ ticket: s.ticket, contact: s.contact, inbound, groupAsTicket: () => s.connection.groupAsTicket });
  if (skip) return { actions: [{ type: "notHandled", reason: skip }], state: t.state };
  // Issue 14: the rating after a resolve, and the data consent before anything else.
  if (s.ticket.status === "nps") {
    answerRating(t, inbound.body);
    return t.decision();
  }
  if (s.ticket.status === "lgpd") {
    if (!answerConsent(t, inbound.body)) return t.decision();
  } else if (t.state.phase === "idle" && askConsent(t)) return t.decision();
  // Before the gates: a closed window must not keep a moved ticket in the bot's hands.
  if (routedElsewhere(t)) {
    t.finish();
    t.state.timers = {};
  }
  if (onVacation(t) || companyOrConnectionClosed(t)) return t.decision();
  switch (t.state.phase) {
    case "idle":
      start(t);
      break;
    case "queueMenu":
      if (t.timeUsed()) t.waitIn(null);
      else answerQueueMenu(t, inbound.body);
      break;
    case "optionMenu":
      if (queueClosed(t)) break;
      if (t.timeUsed()) t.waitIn(t.queue(t.queueId));
      else answerOptionMenu(t, inbound.body);
      break;
    case "waiting":
      if (!queueClosed(t)) t.notHandled("waiting");
      break;
  }
  return t.decision();
}

/**
 * Someone else moved the ticket while the bot's menu was open (an attendant's or admin's
 * transfer into a queue): it is not where the bot left it, so the bot leaves it there, as
 * it leaves a ticket that came with a queue, instead of a late "1" moving it back.
 */
function routedElsewhere(t: Turn): boolean {
  const left = t.state.ticketQueueId;
  return isMenuPhase(t.state.phase) && left !== undefined && t.s.ticket.queueId !== left;
}
