import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../../../core/db/database.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Logger } from "../../../../core/log.ts";
import { tagsView } from "../../schema/views.ts";
import { tickets, ticketTags } from "../../schema/tables.ts";
import type { TicketReader } from "../tickets-internals.ts";
import type { MovedTicket, TagMove, TagSwap } from "../tickets.contract.ts";

/** Tags on tickets: the kanban lanes and the list's tag chips. */
export class TicketTagsService {
  constructor(
    private db: Db,
    private reader: TicketReader,
    private log: Logger,
  ) {}

  /** Links a tag of the company to a ticket the user may open (else its 404 or 403); an existing link is kept as it is. */
  async link(user: UserRow, ticketId: number, tagId: number): Promise<{ ticketId: number; tagId: number }> {
    await this.reader.openable(user, { id: ticketId });
    await this.attach(this.db, user.companyId, ticketId, tagId);
    await this.announce(user.companyId, ticketId);
    return { ticketId, tagId };
  }

  /** Removes every tag of a ticket the user may open (else its 404 or 403). */
  async clear(user: UserRow, ticketId: number): Promise<void> {
    await this.reader.openable(user, { id: ticketId });
    await this.db.delete(ticketTags).where(and(eq(ticketTags.companyId, user.companyId), eq(ticketTags.ticketId, ticketId)));
    await this.announce(user.companyId, ticketId);
  }

  /**
   * `tickets.moveTag`: replaces one tag link (named by its row id, as read) by another tag of
   * the company, inside the caller's transaction. Its first statement deletes that exact row,
   * so two movers racing for it serialise and the loser gets null; a link made again since
   * (a new row) is not the one read, and is left alone. The new link starts its own time.
   */
  async move(input: TagMove, tx: Tx): Promise<MovedTicket | null> {
    const { companyId, ticketTagId, toTagId } = input;
    const [gone] = await tx
      .delete(ticketTags)
      .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.id, ticketTagId)))
      .returning({ ticketId: ticketTags.ticketId });
    if (!gone) return null;
    await this.attach(tx, companyId, gone.ticketId, toTagId);
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, gone.ticketId)))
      .limit(1);
    return { ticket: ticket!, announce: () => this.announce(companyId, gone.ticketId) };
  }

  /**
   * `tickets.swapTags`: takes tags off a ticket and puts one on, inside the caller's
   * transaction (the board's move between lanes: never in no lane or two half-way). A link to
   * `addTagId` that exists stays as it is, so its lane's time goes on.
   */
  async swapTags(input: TagSwap, tx: Tx): Promise<MovedTicket> {
    const { companyId, ticketId, removeTagIds, addTagId } = input;
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .limit(1);
    if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
    const off = removeTagIds.filter((id) => id !== addTagId);
    if (off.length) await tx.delete(ticketTags).where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, off)));
    // Another company's tag throws here, and the transaction takes the deletes back with it.
    if (addTagId !== null) await this.attach(tx, companyId, ticketId, addTagId);
    return { ticket, announce: () => this.announce(companyId, ticketId) };
  }

  /** Links a tag of the company (else ERR_NOT_FOUND) to a ticket; an existing link is kept as it is. */
  private async attach(db: DbOrTx, companyId: number, ticketId: number, tagId: number): Promise<void> {
    const [tag] = await db
      .select({ id: tagsView.id })
      .from(tagsView)
      .where(and(eq(tagsView.companyId, companyId), eq(tagsView.id, tagId)))
      .limit(1);
    if (!tag) throw new AppError("ERR_NOT_FOUND");
    await db
      .insert(ticketTags)
      .values({ companyId, ticketId, tagId })
      .onConflictDoNothing({ target: [ticketTags.ticketId, ticketTags.tagId] });
  }

  /**
   * The list shows the tag chips, so the ticket is re-announced. The change is already
   * committed: a failed announcement is logged, not turned into a failed request.
   */
  private async announce(companyId: number, ticketId: number): Promise<void> {
    try {
      await this.reader.announce(companyId, ticketId);
    } catch (err) {
      this.log.warn(`ticket ${ticketId}: announcing its tags failed: ${(err as Error).message}`);
    }
  }
}
