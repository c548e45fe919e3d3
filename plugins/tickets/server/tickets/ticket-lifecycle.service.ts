import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { users } from "../../../../core/db/tables.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { nowIso } from "../../../../core/db/columns.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../tags/server/tags.contract.ts";
import { queuesView } from "../../schema/views.ts";
import { LIVE_STATUSES, ticketLogs, tickets, type TicketLogType } from "../../schema/tables.ts";
import type { TicketLogView, TicketView } from "../../shared/ticket-types.ts";
import { attendedStatus, conflictError, ensureQueue, ensureUser, guardedWrite, liveTicketOf } from "./ticket-lifecycle.support.ts";
import { restartedClocks } from "./ticket-clocks.ts";
import { closedTimesSql, newTicketTimes, reportTimes } from "./ticket-times.ts";
import { holderLogType, holderOnMove } from "./ticket-holder.ts";
import { ATTENDANT_HOLDER, isHandler } from "../../shared/holder.contract.ts";
import { LifecycleTexts } from "./ticket-automatic-texts.ts";
import { closeAndOpen, type TransferTarget } from "./ticket-close-on-transfer.ts";
import type { MessageSender } from "../tickets-internals.ts";
import type { TicketViews } from "./tickets-views.ts";
import type { TicketRow } from "../tickets.contract.ts";
import type { TicketUpdateInput } from "./tickets.schemas.ts";

type Patch = Partial<Pick<TicketRow, "status" | "userId" | "queueId" | "unreadMessages" | "holder" | "ratingAsked">>;
type Log = { type: TicketLogType; userId?: number | null; queueId?: number | null };

/**
 * Whether a resolve asks the customer's rating (when NPS is available, see
 * LifecycleTexts.ratingQuestion). Status `nps` always asks. Status `closed` asks too, as the
 * original clients expect (they have no "send rating" choice: closing with the farewell
 * starts the rating), unless the farewell is declined (`sendFarewellMessage: false`), our
 * web's rating box is unticked (`sendRating: false`), or the ticket already asked once (a
 * reopened, rated conversation is not asked again).
 */
function asksRating(body: TicketUpdateInput, ticket: TicketRow): boolean {
  if (body.status === "nps") return true;
  if (body.sendRating !== undefined) return body.sendRating;
  return body.sendFarewellMessage !== false && !ticket.ratingAsked;
}

/**
 * The transfer dialog's body without `isTransfered` or a note (`{queueId, status: "open",
 * userId}`, spec 000 §4 Transfer) on a ticket the caller attends: a transfer when it names
 * another queue or another attendant, so moving one's own ticket to another queue is not lost
 * as a no-op. On someone else's ticket the same body stays what it was: an accept that came
 * too late (409).
 */
function movesOwnTicket(user: UserRow, ticket: TicketRow, body: TicketUpdateInput): boolean {
  const attended = (s: string | undefined) => s === "open" || s === "group";
  if (!attended(ticket.status) || !attended(body.status) || ticket.userId !== user.id) return false;
  return (body.queueId != null && body.queueId !== ticket.queueId) || (body.userId != null && body.userId !== ticket.userId);
}

/**
 * The ticket's life (spec 000 §4): create, accept, return to queue, resolve, ignore,
 * reopen, transfer, delete, close all. Each transition is one conditional UPDATE plus its
 * ticket_logs rows in one transaction, announced after commit; automatic texts (greeting,
 * farewell, transfer message; which one, see ticket-automatic-texts.ts) go through the
 * MessageSender once the transition has committed, so a lost race sends nothing.
 */
export class TicketLifecycle {
  private texts: LifecycleTexts;

  constructor(
    private ctx: PluginContext,
    private views: TicketViews,
    private sender: MessageSender,
  ) {
    this.texts = new LifecycleTexts(ctx);
  }

  /** A ticket of the caller's company that the caller may open: 404 otherwise, 403 when it exists but is not theirs to see. */
  openable(user: UserRow, where: { id: number } | { uuid: string }): Promise<TicketRow> {
    return this.views.openable(user, where);
  }

  async show(user: UserRow, where: { id: number } | { uuid: string }, logAccess = false): Promise<TicketView> {
    const row = await this.openable(user, where);
    if (logAccess) await this.logAccess(user, row);
    return this.viewFor(user, row.id);
  }

  async create(user: UserRow, body: { contactId: number; queueId?: number | null; whatsappId?: number | null; userId?: number | null; status?: string }): Promise<TicketView> {
    const companyId = user.companyId;
    const contact = await this.ctx.services.require("contacts.get")(companyId, body.contactId);
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    const connection = body.whatsappId
      ? await this.ctx.services.require("connections.get")(companyId, body.whatsappId)
      : await this.ctx.services.require("connections.default")(companyId);
    if (!connection) throw new AppError(body.whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
    await ensureQueue(this.ctx.db, companyId, body.queueId);
    // Admins may start a chat for someone else; everybody else starts it for themselves.
    const userId = isAdmin(user) && body.userId ? body.userId : user.id;
    await ensureUser(this.ctx.db, companyId, userId);
    const status = body.status === "pending" ? "pending" : attendedStatus(contact);
    // One instant for the row and its report times: a ticket opened for someone waited 0 s.
    const now = nowIso();

    const created = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tickets)
        .values({
          companyId,
          contactId: contact.id,
          whatsappId: connection.id,
          channel: connection.channel,
          isGroup: contact.isGroup,
          status,
          userId: status === "pending" ? null : userId,
          holder: status === "pending" ? null : ATTENDANT_HOLDER,
          queueId: body.queueId ?? null,
          createdAt: now,
          updatedAt: now,
          ...newTicketTimes(status, status === "pending" ? null : userId, now),
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await tx
        .insert(ticketLogs)
        .values([
          { companyId, ticketId: row.id, type: "create", userId: user.id, queueId: row.queueId },
          ...(status === "pending" ? [] : [{ companyId, ticketId: row.id, type: "open" as const, userId, queueId: row.queueId }]),
        ]);
      return row;
    });
    if (!created) {
      const live = await liveTicketOf(this.ctx.db, companyId, contact.id, connection.id);
      if (!live) throw new AppError("ERR_CREATING_TICKET");
      throw await conflictError(this.ctx.db, live);
    }
    await this.views.announce(companyId, created.id);
    return this.viewFor(user, created.id);
  }

  /** PUT /tickets/{id}: one transition chosen from the body (see the spec 000 §4 mapping below). */
  async update(user: UserRow, id: number, body: TicketUpdateInput): Promise<TicketView> {
    const ticket = await this.openable(user, { id });
    const transfer =
      body.isTransfered === true ||
      body.msgTransfer !== undefined ||
      (body.status === undefined && (body.queueId !== undefined || body.userId !== undefined)) ||
      movesOwnTicket(user, ticket, body);
    if (transfer) return this.transfer(user, ticket, body);
    if (body.status && body.status !== ticket.status) {
      if (body.status === "closed" || body.status === "nps") {
        if (ticket.status === "pending" || ticket.status === "lgpd") return this.ignore(user, ticket);
        if (ticket.status === "nps") return this.closeUnrated(user, ticket);
        return this.resolve(user, ticket, body.sendFarewellMessage === true, asksRating(body, ticket));
      }
      if (body.status === "pending") return this.returnToQueue(user, ticket);
      if (ticket.status === "pending") return this.accept(user, ticket, body.queueId);
      if (ticket.status === "closed") return this.reopen(user, ticket, body.queueId);
    }
    // Accepting a ticket someone else already attends (the loser of an accept race that
    // arrives after the winner committed) is the same conflict as losing the UPDATE.
    if ((body.status === "open" || body.status === "group") && ticket.status !== "pending" && ticket.status !== "closed" && ticket.userId !== user.id) {
      throw await conflictError(this.ctx.db, ticket);
    }
    // The spec's switch, on the holder: on, a handler (none named) is in charge and the bot
    // stays out; off, whichever handler held the conversation lets it go (to nobody).
    if (body.useIntegration !== undefined && body.useIntegration !== isHandler(ticket.holder)) {
      await this.transition(ticket, { holder: body.useIntegration ? "integration" : null }, [], null);
    }
    return this.viewFor(user, ticket.id);
  }

  /** Pending -> open (group): exactly one of concurrent accepts wins (conditional UPDATE). */
  private async accept(user: UserRow, ticket: TicketRow, queueId: number | null | undefined): Promise<TicketView> {
    await ensureQueue(this.ctx.db, user.companyId, queueId);
    const after = await this.transition(
      ticket,
      { status: attendedStatus(ticket), userId: user.id, ...(queueId ? { queueId } : {}) },
      [{ type: "open", userId: user.id, queueId: queueId ?? ticket.queueId }],
      "pending",
    );
    await this.say(after, await this.texts.acceptGreeting(ticket));
    return this.viewFor(user, after.id);
  }

  private async returnToQueue(user: UserRow, ticket: TicketRow): Promise<TicketView> {
    if (ticket.status === "closed") throw new AppError("ERR_VALIDATION", { fields: { status: "Reopen the ticket first" } });
    const after = await this.transition(ticket, { status: "pending", userId: null }, [{ type: "pending", userId: user.id, queueId: ticket.queueId }], ticket.status);
    return this.viewFor(user, after.id);
  }

  /**
   * Open or group -> closed, with the farewell when asked (the user's farewellMessage, else the
   * connection's complationMessage). With `rating` (status `nps`, or `closed` as asksRating says)
   * and NPS available (see LifecycleTexts.ratingQuestion), the ticket goes to `nps` instead:
   * the rating question is sent, and the automation plugin closes it with the farewell once
   * the customer answers (or the expiry sweep closes it unrated).
   */
  private async resolve(user: UserRow, ticket: TicketRow, farewell: boolean, rating = false): Promise<TicketView> {
    if ((await this.ctx.settings.companyOne(user.companyId, "requiredTag")) === "enabled") {
      const tags = await this.ctx.services.require("tags.ofContacts")(user.companyId, [ticket.contactId]);
      if (!tags.get(ticket.contactId)?.length) throw new AppError("ERR_TAG_REQUIRED", { message: "Você deve atribuir uma tag antes de fechar o ticket." });
    }
    const question = rating ? await this.texts.ratingQuestion(ticket) : null;
    if (question) {
      const asked = await this.transition(
        ticket,
        { status: "nps", userId: user.id, unreadMessages: 0, ratingAsked: true },
        [{ type: "nps", userId: user.id, queueId: ticket.queueId }],
        ticket.status,
      );
      await this.say(asked, question);
      return this.viewFor(user, asked.id);
    }
    const goodbye = await this.texts.farewell(user, ticket, farewell);
    const after = await this.transition(
      ticket,
      { status: "closed", userId: user.id, unreadMessages: 0 },
      [{ type: "closed", userId: user.id, queueId: ticket.queueId }],
      ticket.status,
    );
    await this.say(after, goodbye);
    return this.viewFor(user, after.id);
  }

  /** Pending (or lgpd, spec 000 §4) -> closed: admins, or users with userClosePendingTicket; a farewell only with sendFarewellWaitingTicket. */
  private async ignore(user: UserRow, ticket: TicketRow): Promise<TicketView> {
    if (!isAdmin(user) && user.userClosePendingTicket !== "enabled") throw new AppError("ERR_NO_PERMISSION");
    const goodbye = await this.texts.farewell(user, ticket, false);
    const after = await this.transition(ticket, { status: "closed", unreadMessages: 0 }, [{ type: "closed", userId: user.id, queueId: ticket.queueId }], ticket.status);
    await this.say(after, goodbye);
    return this.viewFor(user, after.id);
  }

  /** Nps -> closed by an attendant: the rating is no longer awaited; nothing is sent. */
  private async closeUnrated(user: UserRow, ticket: TicketRow): Promise<TicketView> {
    const after = await this.transition(ticket, { status: "closed", unreadMessages: 0 }, [{ type: "closed", userId: user.id, queueId: ticket.queueId }], "nps");
    return this.viewFor(user, after.id);
  }

  /** Closed -> open (group) for the caller; the contact's other live ticket is a 409 conflict. */
  private async reopen(user: UserRow, ticket: TicketRow, queueId: number | null | undefined): Promise<TicketView> {
    await ensureQueue(this.ctx.db, user.companyId, queueId);
    const live = await liveTicketOf(this.ctx.db, user.companyId, ticket.contactId, ticket.whatsappId);
    if (live) throw await conflictError(this.ctx.db, live);
    const after = await this.transition(
      ticket,
      { status: attendedStatus(ticket), userId: user.id, ...(queueId ? { queueId } : {}) },
      [{ type: "reopen", userId: user.id, queueId: queueId ?? ticket.queueId }],
      "closed",
    );
    return this.viewFor(user, after.id);
  }

  /**
   * To a queue (pending) or to an attendant of it (open / group), then the attendant's optional
   * message and the company's transferMessage (naming the target).
   * With closeTicketOnTransfer the conversation moves to a new ticket, which is answered.
   */
  private async transfer(user: UserRow, ticket: TicketRow, body: TicketUpdateInput): Promise<TicketView> {
    if (ticket.status === "closed") throw new AppError("ERR_VALIDATION", { fields: { status: "Reopen the ticket first" } });
    const queueId = body.queueId ?? ticket.queueId;
    if (queueId == null) throw new AppError("ERR_VALIDATION", { fields: { queueId: "Selecione uma fila" } });
    await ensureQueue(this.ctx.db, user.companyId, queueId);
    const target = body.userId ?? null;
    await ensureUser(this.ctx.db, user.companyId, target);
    const next: TransferTarget = { status: target != null ? attendedStatus(ticket) : "pending", userId: target, queueId };
    const moves = next.queueId !== ticket.queueId || next.userId !== ticket.userId;
    let after: TicketRow;
    if (moves && (await this.texts.closesOnTransfer(user.companyId))) {
      after = await this.moveToNewTicket(user, ticket, next);
    } else {
      const logs: Log[] = [{ type: "transfered", userId: user.id, queueId: ticket.queueId }];
      if (queueId !== ticket.queueId) logs.push({ type: "queue", userId: user.id, queueId });
      if (target != null) logs.push({ type: "receivedTransfer", userId: target, queueId });
      after = await this.transition(ticket, next, logs, ticket.status);
    }
    // The attendant's words stay in the conversation they were written in (the closed one with closeTicketOnTransfer).
    await this.say(ticket, body.msgTransfer ?? null);
    await this.say(after, await this.texts.transferNotice(ticket, after));
    if (moves) {
      const moved = { companyId: after.companyId, ticketId: after.id, fromQueueId: ticket.queueId, queueId, userId: after.userId, byUserId: user.id };
      await this.ctx.bus.emit("tickets.ticket.transferred", moved);
    }
    return this.viewFor(user, after.id);
  }

  /** closeTicketOnTransfer: closes `ticket` and opens the conversation's next ticket in the target (see closeAndOpen). */
  private async moveToNewTicket(user: UserRow, ticket: TicketRow, next: TransferTarget): Promise<TicketRow> {
    const moved = await guardedWrite(this.ctx.db, ticket, () => closeAndOpen(this.ctx.db, ticket, next, user.id));
    await this.views.announceMoved(ticket, moved.closed);
    await this.views.announce(ticket.companyId, moved.opened.id);
    return moved.opened;
  }

  async remove(user: UserRow, id: number): Promise<void> {
    const [row] = await this.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, id), eq(tickets.companyId, user.companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
    await this.ctx.db.delete(tickets).where(eq(tickets.id, id));
    await this.views.announceDeleted(user.companyId, row);
  }

  /** Closes every ticket of a status (within the selected queues when given). */
  async closeAll(user: UserRow, status: "open" | "pending" | "group", queueIds: number[]): Promise<{ closed: number }> {
    const where = and(eq(tickets.companyId, user.companyId), eq(tickets.status, status), queueIds.length ? inArray(tickets.queueId, queueIds) : undefined);
    return { closed: await this.closeWhere(user.companyId, where, user.id) };
  }

  /**
   * Closes the listed tickets of the company that are still live (open, pending or group),
   * without farewell, each with a `closed` log by nobody: a channel closing what its
   * history import opened (`POST /closedimported/{id}`). Answers how many closed.
   */
  async closeMany(companyId: number, ticketIds: number[]): Promise<number> {
    if (!ticketIds.length) return 0;
    const where = and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds), inArray(tickets.status, [...LIVE_STATUSES]));
    return this.closeWhere(companyId, where, null);
  }

  private async closeWhere(companyId: number, where: SQL | undefined, userId: number | null): Promise<number> {
    const before = await this.ctx.db.select().from(tickets).where(where);
    if (!before.length) return 0;
    const closed = await this.ctx.db.transaction(async (tx) => {
      const rows = await tx
        .update(tickets)
        .set({ status: "closed", unreadMessages: 0, holder: null, ...restartedClocks(), ...closedTimesSql() })
        .where(
          and(
            where,
            inArray(
              tickets.id,
              before.map((t) => t.id),
            ),
          ),
        )
        .returning();
      const held = new Set(before.filter((t) => isHandler(t.holder)).map((t) => t.id));
      const logs = rows.flatMap((t) => [
        { companyId, ticketId: t.id, type: "closed" as const, userId, queueId: t.queueId },
        ...(held.has(t.id) ? [{ companyId, ticketId: t.id, type: "handBack" as const, userId, queueId: t.queueId }] : []),
      ]);
      if (logs.length) await tx.insert(ticketLogs).values(logs);
      return rows;
    });
    const was = new Map(before.map((t) => [t.id, t]));
    for (const t of closed) await this.views.announceMoved(was.get(t.id) ?? t, t);
    return closed.length;
  }

  async logs(user: UserRow, ticketId: number): Promise<TicketLogView[]> {
    await this.openable(user, { id: ticketId });
    const rows = await this.ctx.db
      .select({
        id: ticketLogs.id,
        type: ticketLogs.type,
        createdAt: ticketLogs.createdAt,
        userId: users.id,
        userName: users.name,
        queueId: queuesView.id,
        queueName: queuesView.name,
        queueColor: queuesView.color,
      })
      .from(ticketLogs)
      .leftJoin(users, eq(users.id, ticketLogs.userId))
      .leftJoin(queuesView, eq(queuesView.id, ticketLogs.queueId))
      .where(and(eq(ticketLogs.ticketId, ticketId), eq(ticketLogs.companyId, user.companyId)))
      .orderBy(desc(ticketLogs.createdAt), desc(ticketLogs.id));
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      createdAt: r.createdAt,
      user: r.userId != null && r.userName != null ? { id: r.userId, name: r.userName } : null,
      queue: r.queueId != null && r.queueName != null ? { id: r.queueId, name: r.queueName, color: r.queueColor ?? "" } : null,
    }));
  }

  /**
   * Applies `patch` when the ticket is still in status `from` (null: any), writes `logs`,
   * announces. A lost race (the status changed meanwhile) or a second live ticket for the
   * contact answers 409 ERR_OTHER_OPEN_TICKET with the ticket as it now is.
   */
  private async transition(ticket: TicketRow, patch: Patch, logs: Log[], from: TicketRow["status"] | null): Promise<TicketRow> {
    const after = await guardedWrite(this.ctx.db, ticket, () =>
      this.ctx.db.transaction(async (tx) => {
        const cond = and(eq(tickets.id, ticket.id), from ? eq(tickets.status, from) : undefined);
        // A change of status restarts the expiry clocks (ticket-clocks.ts); other changes keep them.
        const clocks = patch.status !== undefined || patch.userId !== undefined || patch.queueId !== undefined ? restartedClocks() : {};
        // The report times follow the status and the attendant (ticket-times.ts); the status guard keeps `ticket` current.
        const times =
          patch.status !== undefined || patch.userId !== undefined
            ? reportTimes(ticket, { status: patch.status ?? ticket.status, userId: patch.userId !== undefined ? patch.userId : ticket.userId })
            : {};
        // Who holds the conversation follows the move (ticket-holder.ts), with its log.
        const holder = patch.holder !== undefined ? patch.holder : holderOnMove(patch);
        const handed = holder !== undefined ? holderLogType(ticket.holder, holder) : null;
        const all = handed ? [...logs, { type: handed, userId: logs[0]?.userId ?? null, queueId: ticket.queueId }] : logs;
        const [row] = await tx
          .update(tickets)
          .set({ ...patch, ...(holder !== undefined ? { holder } : {}), ...clocks, ...times })
          .where(cond)
          .returning();
        if (row && all.length) await tx.insert(ticketLogs).values(all.map((l) => ({ companyId: ticket.companyId, ticketId: ticket.id, ...l })));
        return row;
      }),
    );
    await this.views.announceMoved(ticket, after);
    return after;
  }

  /** An automatic message of the ticket (none for null or blank). Delivery problems are logged, never undo the transition. */
  private async say(ticket: TicketRow, body: string | null): Promise<void> {
    if (!body?.trim()) return;
    try {
      await this.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, user: null, body, resolveVariables: true });
    } catch (err) {
      this.ctx.log.warn("tickets: automatic message not sent", { ticketId: ticket.id, error: String(err) });
    }
  }

  /** "access" in the log when someone opens a ticket, once per person in a row. */
  private async logAccess(user: UserRow, ticket: TicketRow): Promise<void> {
    const [last] = await this.ctx.db
      .select({ type: ticketLogs.type, userId: ticketLogs.userId })
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, ticket.id))
      .orderBy(desc(ticketLogs.id))
      .limit(1);
    if (last?.type === "access" && last.userId === user.id) return;
    await this.ctx.db.insert(ticketLogs).values({ companyId: ticket.companyId, ticketId: ticket.id, type: "access", userId: user.id, queueId: ticket.queueId });
  }

  private viewFor(user: UserRow, id: number): Promise<TicketView> {
    return this.views.view(user.companyId, id, user).then((v) => {
      if (!v) throw new AppError("ERR_NO_TICKET_FOUND");
      return v;
    });
  }
}
