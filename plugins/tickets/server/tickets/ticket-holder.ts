import { ATTENDANT_HOLDER, type HolderText, isHandler } from "../../shared/holder.contract.ts";
import type { TicketLogType } from "../../schema/tables.ts";
import type { TicketRow } from "../tickets.contract.ts";

/**
 * How the conversation's holder follows the ticket's life (issue 24): every write path of
 * tickets (the lifecycle, the bot's writes, rotation, expiry, bulk closes) asks here, so the
 * holder means the same whichever path moved the ticket.
 */

/**
 * The holder after a move of status or attendant, or undefined when the move leaves it as it
 * is: closing lets everyone go; an attendant taking the ticket holds it (over the bot or a
 * handler); a ticket sent back to a queue with nobody (`userId` null) is held by nobody.
 */
export function holderOnMove(next: { status?: TicketRow["status"]; userId?: number | null }): HolderText | undefined {
  if (next.status === "closed") return null;
  if (typeof next.userId === "number") return ATTENDANT_HOLDER;
  if (next.userId === null) return null;
  return undefined;
}

/** The log a change of holder writes: `handOver` to a handler, `handBack` from one (one entry: a handler replacing another logs its arrival). */
export function holderLogType(from: HolderText, to: HolderText): TicketLogType | null {
  if (from === to) return null;
  if (isHandler(to)) return "handOver";
  if (isHandler(from)) return "handBack";
  return null;
}

/** Why the holder changed, for an action that is not a bot write: an attendant took it, it closed, or it went back to a queue. */
export function holderReason(after: Pick<TicketRow, "status" | "holder">): string {
  if (after.status === "closed") return "closed";
  if (after.holder === ATTENDANT_HOLDER) return "attendant";
  return "queue";
}
