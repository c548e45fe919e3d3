import { and, eq } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import type { Db } from "../../../../core/db/database.ts";
import { ticketLogs, tickets } from "../../schema/tables.ts";
import type { TicketRow } from "../tickets.contract.ts";
import { restartedClocks } from "./ticket-clocks.ts";
import { newTicketTimes, reportTimes } from "./ticket-times.ts";
import { holderOnMove } from "./ticket-holder.ts";
import { isHandler } from "../../shared/holder.contract.ts";

/** Where a transferred conversation goes: its status, attendant (null: waiting) and queue. */
export interface TransferTarget {
  status: TicketRow["status"];
  userId: number | null;
  queueId: number;
}

/**
 * closeTicketOnTransfer (spec 001 §3 Company settings): the transferred ticket closes and the
 * conversation goes on in a new ticket of the target queue, so each queue's ticket keeps its
 * own history, times and rating. One transaction: the old ticket closes (only if it is still
 * in the status it was read in), logged `transfered` and `closed` by `byUserId`; the new one
 * starts with `create` (by `byUserId`, in the target queue) and `receivedTransfer` (by the
 * target attendant, when one is chosen). Closing first frees the contact's live-ticket slot,
 * so the contact still has exactly one live ticket afterwards.
 *
 * Answers null when the old ticket changed meanwhile (the caller answers the conflict); a
 * concurrent live ticket for the contact surfaces as the unique index's error.
 * @example
 *   const moved = await closeAndOpen(db, ticket, { status: "pending", userId: null, queueId: 3 }, user.id);
 *   if (!moved) throw await conflictError(db, await reread(ticket.id));
 */
export async function closeAndOpen(db: Db, ticket: TicketRow, target: TransferTarget, byUserId: number): Promise<{ closed: TicketRow; opened: TicketRow } | null> {
  // One instant for the close and the new ticket (its report times start at its creation).
  const now = nowIso();
  return db.transaction(async (tx) => {
    const [closed] = await tx
      .update(tickets)
      .set({ status: "closed", unreadMessages: 0, holder: null, ...restartedClocks(now), ...reportTimes(ticket, { status: "closed", userId: ticket.userId }, now) })
      .where(and(eq(tickets.id, ticket.id), eq(tickets.status, ticket.status)))
      .returning();
    if (!closed) return null;
    const [opened] = await tx
      .insert(tickets)
      .values({
        companyId: ticket.companyId,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        channel: ticket.channel,
        isGroup: ticket.isGroup,
        // The list shows where the conversation stands until the next message.
        lastMessage: ticket.lastMessage,
        status: target.status,
        userId: target.userId,
        holder: holderOnMove({ userId: target.userId }) ?? null,
        queueId: target.queueId,
        createdAt: now,
        updatedAt: now,
        ...restartedClocks(now),
        ...newTicketTimes(target.status, target.userId, now),
      })
      .returning();
    const companyId = ticket.companyId;
    await tx
      .insert(ticketLogs)
      .values([
        { companyId, ticketId: closed.id, type: "transfered", userId: byUserId, queueId: ticket.queueId },
        { companyId, ticketId: closed.id, type: "closed", userId: byUserId, queueId: ticket.queueId },
        ...(isHandler(ticket.holder) ? [{ companyId, ticketId: closed.id, type: "handBack" as const, userId: byUserId, queueId: ticket.queueId }] : []),
        { companyId, ticketId: opened!.id, type: "create", userId: byUserId, queueId: target.queueId },
        ...(target.userId != null ? [{ companyId, ticketId: opened!.id, type: "receivedTransfer" as const, userId: target.userId, queueId: target.queueId }] : []),
      ]);
    return { closed, opened: opened! };
  });
}
