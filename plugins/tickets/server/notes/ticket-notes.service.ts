import { and, desc, eq, type SQL } from "drizzle-orm";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { TicketNoteView } from "../../shared/ticket-types.ts";
import { contactsView } from "../../schema/views.ts";
import { ticketNotes, tickets } from "../../schema/tables.ts";

export interface NoteInput {
  note: string;
  ticketId: number;
  contactId: number;
}

/** Internal observations on tickets (spec 000 §3 Note): never sent to the customer. */
export class TicketNotesService {
  constructor(private db: Db) {}

  /** The ticket and the contact must both be the author's company's, and the contact the ticket's. */
  async create(author: UserRow, input: NoteInput): Promise<TicketNoteView> {
    const companyId = author.companyId;
    const [ticket] = await this.db
      .select({ contactId: tickets.contactId })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, input.ticketId)))
      .limit(1);
    if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
    const [contact] = await this.db
      .select({ id: contactsView.id })
      .from(contactsView)
      .where(and(eq(contactsView.companyId, companyId), eq(contactsView.id, input.contactId)))
      .limit(1);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    if (ticket.contactId !== input.contactId) throw new AppError("ERR_VALIDATION", { fields: { contactId: "Not the ticket's contact" } });
    const [row] = await this.db.insert(ticketNotes).values({ companyId, ticketId: input.ticketId, contactId: input.contactId, userId: author.id, note: input.note }).returning();
    return { id: row!.id, note: row!.note, ticketId: row!.ticketId, contactId: row!.contactId, createdAt: row!.createdAt, user: { id: author.id, name: author.name } };
  }

  /** Newest first. ticketId narrows to one ticket; contactId alone lists the contact's notes over all its tickets. */
  async list(companyId: number, q: { ticketId?: number; contactId?: number }): Promise<TicketNoteView[]> {
    if (q.ticketId === undefined && q.contactId === undefined) throw new AppError("ERR_VALIDATION", { fields: { ticketId: "Required" } });
    const filters: SQL[] = [eq(ticketNotes.companyId, companyId)];
    if (q.ticketId !== undefined) filters.push(eq(ticketNotes.ticketId, q.ticketId));
    if (q.contactId !== undefined) filters.push(eq(ticketNotes.contactId, q.contactId));
    const rows = await this.db
      .select({ note: ticketNotes, userName: users.name })
      .from(ticketNotes)
      .leftJoin(users, eq(users.id, ticketNotes.userId))
      .where(and(...filters))
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
    return rows.map(({ note: n, userName }) => ({
      id: n.id,
      note: n.note,
      ticketId: n.ticketId,
      contactId: n.contactId,
      createdAt: n.createdAt,
      user: n.userId !== null && userName !== null ? { id: n.userId, name: userName } : null,
    }));
  }

  /** Only the author or an admin; another company's note is simply not found. */
  async remove(user: UserRow, id: number): Promise<void> {
    const [row] = await this.db
      .select({ userId: ticketNotes.userId })
      .from(ticketNotes)
      .where(and(eq(ticketNotes.companyId, user.companyId), eq(ticketNotes.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    if (row.userId !== user.id && !isAdmin(user)) throw new AppError("ERR_NO_PERMISSION");
    await this.db.delete(ticketNotes).where(and(eq(ticketNotes.companyId, user.companyId), eq(ticketNotes.id, id)));
  }
}
