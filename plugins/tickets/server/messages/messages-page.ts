import { and, desc, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { messages, tickets } from "../../schema/tables.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";

/** Beyond this many tickets of one contact, their ids stay in SQL instead of bound values. */
const MAX_LISTED_TICKETS = 500;

export interface HistoryScope {
  ticket: TicketRow;
  /** Admins and allHistoric users: every ticket of the contact, not only this one. */
  wholeHistory: boolean;
  /** With wholeHistory: the other tickets' messages only from these queues (or none). */
  selectedQueues: number[];
}

/**
 * One page of a conversation window, newest first: `limit` rows from `offset`. Every read is
 * scoped by ticket id on `messages_ticket_created_idx` (ticket_id, created_at; the rowid ends
 * every index, so `created_at DESC, id DESC` is that index's order), and never by company:
 * the company's index would make SQLite read and sort the company's whole message table, and
 * whether it picks that one depends on statistics (issue 17). The ticket came from a read
 * scoped by company, and so do the contact's ticket ids; `tickets/README.md` has the rule.
 *
 * - One ticket (a plain user, or a contact with one ticket): the index range in page order,
 *   stopping after the page; no sort.
 * - Several tickets: their ids first (the contact's, on tickets_company_contact_idx), then the
 *   page's message ids from the covering index alone, sorted (the cost follows the contact's
 *   message count, never the company's), then those rows by primary key.
 */
export async function historyPage(db: Db, scope: HistoryScope, offset: number, limit: number): Promise<MessageRow[]> {
  const { ticket } = scope;
  const order = [desc(messages.createdAt), desc(messages.id)];
  const ticketIds = scope.wholeHistory ? await contactTicketIds(db, ticket) : [ticket.id];
  if (ticketIds.length <= 1)
    return db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticket.id))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const inTickets =
    ticketIds.length > MAX_LISTED_TICKETS
      ? inArray(messages.ticketId, db.select({ id: tickets.id }).from(tickets).where(ofContact(ticket)))
      : inArray(messages.ticketId, ticketIds);
  // Older tickets' messages from the chosen queues only (or written outside any queue).
  const where: SQL = scope.selectedQueues.length
    ? and(inTickets, or(eq(messages.ticketId, ticket.id), inArray(messages.queueId, scope.selectedQueues), isNull(messages.queueId)))!
    : inTickets;
  const pageIds = db
    .select({ id: messages.id })
    .from(messages)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select()
    .from(messages)
    .where(inArray(messages.id, pageIds))
    .orderBy(...order);
}

const ofContact = (ticket: TicketRow) => and(eq(tickets.companyId, ticket.companyId), eq(tickets.contactId, ticket.contactId));

/** The ids of the ticket's contact's tickets (this one included). */
async function contactTicketIds(db: Db, ticket: TicketRow): Promise<number[]> {
  const rows = await db.select({ id: tickets.id }).from(tickets).where(ofContact(ticket));
  return rows.map((r) => r.id);
}
