import { and, desc, eq, type SQL } from "drizzle-orm";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import type { Db } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { TicketNoteView } from "../../shared/ticket-types.ts";
import { contactsView } from "../../schema/views.ts";
import { ticketNotes, tickets } from "../../schema/tables.ts";
import type { TicketReader } from "../tickets-internals.ts";

export interface NoteInput {
  note: string;
  ticketId: number;
  contactId: number;
}

/** Internal observations on tickets (spec 000 §3 Note): never sent to the customer. */
export class TicketNotesService {
  constructor(
    private db: Db,
    private reader: TicketReader,
  ) {}

  /**
   * The ticket must be one the author may open (as GET /tickets/{id}: 404 not the company's,
   * 403 not theirs to open), the contact the company's and the ticket's.
   */
  async create(author: UserRow, input: NoteInput): Promise<TicketNoteView> {
    const companyId = author.companyId;
    const ticket = await this.reader.openable(author, { id: input.ticketId });
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

  /**
   * Newest first. ticketId narrows to one ticket, which the user must be able to open (else its
   * 404 or 403); contactId alone lists the contact's notes over the tickets the user may open.
   */
  async list(user: UserRow, q: { ticketId?: number; contactId?: number }): Promise<TicketNoteView[]> {
    if (q.ticketId === undefined && q.contactId === undefined) throw new AppError("ERR_VALIDATION", { fields: { ticketId: "Required" } });
    if (q.ticketId !== undefined) await this.reader.openable(user, { id: q.ticketId });
    const filters: SQL[] = [eq(ticketNotes.companyId, user.companyId)];
    if (q.ticketId !== undefined) filters.push(eq(ticketNotes.ticketId, q.ticketId));
    if (q.contactId !== undefined) filters.push(eq(ticketNotes.contactId, q.contactId));
    const found = await this.db
      .select({ note: ticketNotes, userName: users.name, ticket: tickets })
      .from(ticketNotes)
      .innerJoin(tickets, eq(tickets.id, ticketNotes.ticketId))
      .leftJoin(users, eq(users.id, ticketNotes.userId))
      .where(and(...filters))
      .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
    // A contact's notes span its tickets: only those of tickets the user may open are theirs to read.
    const allowed =
      q.ticketId !== undefined
        ? null
        : await this.reader.openableAmong(
            user,
            found.map((r) => r.ticket),
          );
    const rows = allowed ? found.filter((r) => allowed.has(r.ticket.id)) : found;
    return rows.map(({ note: n, userName }) => ({
      id: n.id,
      note: n.note,
      ticketId: n.ticketId,
      contactId: n.contactId,
      createdAt: n.createdAt,
      user: n.userId !== null && userName !== null ? { id: n.userId, name: userName } : null,
    }));
  }

  /** Only the author or an admin, on a ticket they may open; another company's note is simply not found. */
  async remove(user: UserRow, id: number): Promise<void> {
    const [row] = await this.db
      .select({ userId: ticketNotes.userId, ticketId: ticketNotes.ticketId })
      .from(ticketNotes)
      .where(and(eq(ticketNotes.companyId, user.companyId), eq(ticketNotes.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NOT_FOUND");
    // A note is a thing of its ticket: whoever may no longer open the ticket may not touch it.
    await this.reader.openable(user, { id: row.ticketId });
    if (row.userId !== user.id && !isAdmin(user)) throw new AppError("ERR_NO_PERMISSION");
    await this.db.delete(ticketNotes).where(and(eq(ticketNotes.companyId, user.companyId), eq(ticketNotes.id, id)));
  }
}
