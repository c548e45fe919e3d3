import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { preparedPer } from "../../../../core/db/prepared.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { users } from "../../../../core/db/tables.ts";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import type {} from "../../../queues/server/queues.contract.ts";
import { tickets } from "../../schema/tables.ts";
import type { TicketView } from "../../shared/ticket-types.ts";
import { audienceOf, userMayOpen } from "../rooms/ticket-rooms.ts";
import { ticketRoom } from "../rooms/tickets.events.ts";
import type { TicketReader } from "../tickets-internals.ts";
import type { TicketRow } from "../tickets.contract.ts";
import { holderReason } from "./ticket-holder.ts";
import { maskedView, viewById } from "./tickets-view-query.ts";
import "../tickets-events.contract.ts";

export type Audience = { full: string[]; masked: string[] };

/** Every announcement reads these (a bot turn several times): built once. */
const viewsStatements = preparedPer((db: Db) => ({
  owner: db
    .select({ profile: users.profile, super: users.super })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
  ticket: db
    .select()
    .from(tickets)
    .where(eq(tickets.id, sql.placeholder("id")))
    .limit(1)
    .prepare(),
}));

/**
 * The ticket side's reader: views (joined, LGPD-masked per viewer), the visibility rule,
 * and the realtime announcements that reach only the sockets allowed to see a ticket.
 */
export class TicketViews implements TicketReader {
  constructor(private ctx: PluginContext) {}

  /** Whether `user` sees contact numbers masked (plain user + lgpdHideNumber enabled). */
  async masksFor(user: UserRow): Promise<boolean> {
    return this.ctx.services.require("contacts.masksNumbersFor")(user);
  }

  /** The ids of the queues a user works. */
  async queueIdsOf(userId: number): Promise<number[]> {
    return (await this.ctx.services.require("queues.ofUser")(userId)).map((q) => q.id);
  }

  async view(companyId: number, ticketId: number, viewer?: UserRow): Promise<TicketView | null> {
    const mask = viewer ? await this.masksFor(viewer) : false;
    return viewById(this.ctx.db, companyId, ticketId, mask);
  }

  async openable(user: UserRow, where: { id: number } | { uuid: string }): Promise<TicketRow> {
    const cond = "id" in where ? eq(tickets.id, where.id) : eq(tickets.uuid, where.uuid);
    const [row] = await this.ctx.db
      .select()
      .from(tickets)
      .where(and(cond, eq(tickets.companyId, user.companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
    if (!(await this.canOpen(user, row))) throw new AppError("ERR_NO_PERMISSION");
    return row;
  }

  async canOpen(user: UserRow, ticket: TicketRow): Promise<boolean> {
    if (ticket.companyId !== user.companyId) return false;
    if (isAdmin(user) || ticket.userId === user.id) return true;
    return userMayOpen(user, ticket, await this.queueIdsOf(user.id));
  }

  async openableAmong(user: UserRow, rows: readonly TicketRow[]): Promise<Set<number>> {
    if (isAdmin(user)) return new Set(rows.filter((t) => t.companyId === user.companyId).map((t) => t.id));
    // One read of the user's queues for the whole list, not one per ticket.
    const queueIds = rows.length ? await this.queueIdsOf(user.id) : [];
    return new Set(rows.filter((t) => userMayOpen(user, t, queueIds)).map((t) => t.id));
  }

  async audience(ticket: TicketRow): Promise<Audience> {
    const masking = (await this.ctx.settings.companyOne(ticket.companyId, "lgpdHideNumber")) === "enabled";
    let ownerIsAdmin = false;
    if (ticket.userId != null) {
      const owner = await viewsStatements(this.ctx.db).owner.get({ id: ticket.userId });
      ownerIsAdmin = owner ? isAdmin(owner as UserRow) : false;
    }
    return audienceOf(ticket, ownerIsAdmin, masking);
  }

  async announce(companyId: number, ticketId: number): Promise<void> {
    await this.announceStored(companyId, ticketId);
  }

  /** `announce`, answering the view and audience it sent (null when the ticket is gone). */
  private async announceStored(companyId: number, ticketId: number): Promise<{ view: TicketView; rooms: Audience } | null> {
    const row = await viewsStatements(this.ctx.db).ticket.get({ id: ticketId });
    if (!row || row.companyId !== companyId) return null;
    return this.announceRow(row);
  }

  /**
   * `announce` for a caller that already holds the committed row (the inbound pipeline's
   * RETURNING, and the view its write unit read): answers the view and audience it sent, so
   * the message announcement that follows reuses them instead of reading the ticket again.
   */
  async announceRow(row: TicketRow, cause?: "inbound", known?: TicketView): Promise<{ view: TicketView; rooms: Audience } | null> {
    const companyId = row.companyId;
    const [view, rooms] = await Promise.all([known ?? viewById(this.ctx.db, companyId, row.id, false), this.audience(row)]);
    if (!view) return null;
    this.emitView(companyId, view, rooms);
    await this.ctx.bus.emit("tickets.ticket.changed", cause ? { companyId, ticket: view, cause } : { companyId, ticket: view });
    return { view, rooms };
  }

  async announceDeleted(companyId: number, ticket: TicketRow): Promise<void> {
    // Nobody may open a deleted ticket: its open chats are closed first.
    this.ctx.realtime.leaveRoom(companyId, ticketRoom(ticket.uuid));
    const rooms = await this.audience(ticket);
    this.ctx.realtime.emit(companyId, `company-${companyId}-ticket`, { action: "delete", ticketId: ticket.id }, [...rooms.full, ...rooms.masked]);
    await this.ctx.bus.emit("tickets.ticket.deleted", { companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId });
  }

  /**
   * After a change that moved a ticket out of some sockets' sight (transfer to another
   * queue, closed, handed to someone else): the ticket's open chats (`ticket-{uuid}`) keep
   * only the sockets of its new audience, so the customer's next message reaches nobody who
   * may no longer open it; the rooms that lost it get a delete so their lists drop it; then
   * the usual update goes to the new audience. The audience rooms say who may open the
   * ticket (ticket-rooms.ts), and the room policy keeps each socket in the rooms of its
   * user's current rights, so this is the same rule as opening the ticket over HTTP.
   */
  async announceMoved(before: TicketRow, after: TicketRow, bot?: { reason?: string }): Promise<{ view: TicketView; rooms: Audience } | null> {
    if (before.holder !== after.holder) {
      // The hand-over registry (automation) tells a handler its conversation was taken from it.
      const reason = bot ? (bot.reason ?? "bot") : holderReason(after);
      await this.ctx.bus.emit("tickets.ticket.holderChanged", {
        companyId: after.companyId,
        ticketId: after.id,
        from: before.holder,
        to: after.holder,
        byBot: Boolean(bot),
        reason,
      });
    }
    const [was, now] = await Promise.all([this.audience(before), this.audience(after)]);
    const stillSees = [...now.full, ...now.masked];
    const lost = [...was.full, ...was.masked].filter((r) => !stillSees.includes(r));
    // Nothing lost: whoever could open it still can, and the chats stay as they are.
    if (lost.length) {
      this.ctx.realtime.leaveRoom(after.companyId, ticketRoom(after.uuid), stillSees);
      this.ctx.realtime.emit(after.companyId, `company-${after.companyId}-ticket`, { action: "delete", ticketId: after.id }, lost);
    }
    return this.announceStored(after.companyId, after.id);
  }

  private emitView(companyId: number, view: TicketView, rooms: Audience): void {
    const event = `company-${companyId}-ticket`;
    if (rooms.full.length) this.ctx.realtime.emit(companyId, event, { action: "update", ticket: view }, rooms.full);
    if (rooms.masked.length) this.ctx.realtime.emit(companyId, event, { action: "update", ticket: maskedView(view) }, rooms.masked);
  }
}

/** Builds the TicketReader of tickets-internals.ts. */
export function createTicketReader(ctx: PluginContext): TicketViews {
  return new TicketViews(ctx);
}
