import { and, count, eq, gte, lte } from "drizzle-orm";
import { isAdmin } from "../../../../core/auth/permissions.ts";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { messages, tickets } from "../../schema/tables.ts";
import type { MessageListResponse, MessageView } from "../../shared/ticket-types.ts";
import { EDIT_JOB, REMOVE_JOB } from "../delivery/deliver.ts";
import { mimeOfName } from "./media.ts";
import { historyPage } from "./messages-page.ts";
import { mediaLimitBytes } from "../../../../core/storage/media-limits.ts";
import type { Interactive } from "./messages-interactive.ts";
import type { OutboundSender } from "../delivery/messages-sender.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";

export const PAGE_SIZE = 20;
/** Spec 000 §9: a message may be edited within 900000 ms (15 minutes) of its creation. */
export const EDIT_WINDOW_MS = 900_000;
/** Statuses whose composer is active (spec 000 §4). */
const SENDABLE = new Set(["open", "group"]);
/** The bold prefix a signed or private message starts with, kept through edits. */
const PREFIX = /^\*[^*\n]{1,120}:\*\n/;

export interface JsonSend {
  body: string;
  quotedMsg?: number | null;
  isPrivate: boolean;
  vCard?: { name: string; number: string } | null;
  read: boolean;
  mediaUrl?: string | null;
  signMessage: boolean;
}

export interface MediaSend {
  body: string;
  isPrivate: boolean;
  signMessage: boolean;
  quotedMsg?: number;
  files: File[];
}

/** The rules of the message routes: who may read, send, edit and delete what. */
export class MessagesService {
  constructor(
    private ctx: PluginContext,
    private sender: OutboundSender,
  ) {}

  private get reader() {
    return this.sender.reader;
  }

  /**
   * GET /messages/{ticketUuid}: a page (newest first) answered in ascending time order; opening
   * marks the ticket read. One row past the page says whether there is more, so nothing is
   * counted: `count` is the messages known so far (exact on the last page).
   */
  async list(user: UserRow, uuid: string, pageNumber: number, selectedQueues: number[]): Promise<MessageListResponse> {
    const ticket = await this.reader.openable(user, { uuid });
    // Users who see the whole history (admins, allHistoric) get every ticket of the contact,
    // older tickets limited to the selected queues when some are chosen.
    const wholeHistory = isAdmin(user) || user.allHistoric === "enabled";
    const offset = (pageNumber - 1) * PAGE_SIZE;
    const rows = await historyPage(this.ctx.db, { ticket, wholeHistory, selectedQueues }, offset, PAGE_SIZE + 1);
    const hasMore = rows.length > PAGE_SIZE;
    if (hasMore) rows.pop();
    if (ticket.unreadMessages > 0) await this.markRead(ticket);
    const view = await this.reader.view(user.companyId, ticket.id, user);
    if (!view) throw new AppError("ERR_NO_TICKET_FOUND");
    const count = rows.length ? offset + rows.length + (hasMore ? 1 : 0) : 0;
    return { messages: await this.sender.views.many(user.companyId, rows.reverse()), ticket: view, count, hasMore };
  }

  /** unreadMessages 0, the ticket update and `updateUnread` (the notification list drops it). */
  async markRead(ticket: TicketRow): Promise<void> {
    await this.ctx.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id));
    try {
      await this.reader.announce(ticket.companyId, ticket.id);
      await this.sender.announcer.unreadCleared(ticket);
      // A channel that supports read receipts tells the customer (blue ticks).
      void this.ctx.bus.emit("tickets.ticket.read", { companyId: ticket.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId, contactId: ticket.contactId });
    } catch (err) {
      this.ctx.log.error(`tickets: read events of ticket ${ticket.id} failed`, err);
    }
  }

  /** A ticket the user may write to: the company's, visible to them, open or group. */
  async writable(user: UserRow, ticketId: number): Promise<TicketRow> {
    const ticket = await this.reader.openable(user, { id: ticketId });
    if (!SENDABLE.has(ticket.status)) throw new AppError("ERR_SENDING_WAPP_MSG", { reason: "The ticket is not open" });
    return ticket;
  }

  async sendJson(user: UserRow, ticketId: number, input: JsonSend): Promise<MessageView> {
    const ticket = await this.writable(user, ticketId);
    const mediaUrl = input.mediaUrl?.trim();
    const fileName = mediaUrl ? (mediaUrl.split("/").pop() ?? "file") : "";
    const row = await this.sender.send({
      companyId: user.companyId,
      ticketId: ticket.id,
      user,
      body: input.body,
      isPrivate: input.isPrivate,
      // Spec 000 §3: variables are filled in every text the customer gets (quick replies included).
      resolveVariables: !input.isPrivate,
      sign: input.signMessage,
      quotedMsgId: input.quotedMsg ?? undefined,
      ...(input.vCard ? { vCard: input.vCard, kind: "contact" as const } : {}),
      ...(mediaUrl ? { storedMedia: { url: mediaUrl, mimetype: mimeOfName(fileName), fileName } } : {}),
    });
    if (input.read && ticket.unreadMessages > 0) await this.markRead(ticket);
    return this.sender.views.one(user.companyId, row);
  }

  /** One message per file; the text goes with the first file as its caption. */
  async sendMedia(user: UserRow, ticketId: number, input: MediaSend): Promise<MessageView[]> {
    const ticket = await this.writable(user, ticketId);
    if (!input.files.length) throw new AppError("ERR_VALIDATION", { fields: { medias: "Required" } });
    // Check every size first: a batch is refused whole rather than half sent.
    const maxBytes = await mediaLimitBytes(this.ctx.settings, this.ctx.config);
    if (input.files.some((f) => f.size > maxBytes)) throw new AppError("ERR_PAYLOAD_TOO_LARGE", { maxBytes });
    const out: MessageView[] = [];
    for (const [i, file] of input.files.entries()) {
      const row = await this.sender.send({
        companyId: user.companyId,
        ticketId: ticket.id,
        user,
        body: i === 0 ? input.body : "",
        isPrivate: input.isPrivate,
        resolveVariables: !input.isPrivate,
        sign: input.signMessage,
        quotedMsgId: i === 0 ? input.quotedMsg : undefined,
        media: { file },
        kind: file.type.startsWith("audio/") ? "audio" : "media",
      });
      out.push(await this.sender.views.one(user.companyId, row));
    }
    return out;
  }

  async sendInteractive(user: UserRow, ticketId: number, content: Interactive): Promise<MessageView> {
    const ticket = await this.writable(user, ticketId);
    const row = await this.sender.send({
      companyId: user.companyId,
      ticketId: ticket.id,
      user,
      body: content.body,
      kind: "interactive",
      mediaType: content.mediaType,
      data: content.data,
    });
    return this.sender.views.one(user.companyId, row);
  }

  /** POST /messages/edit/{messageId}: own messages, within the edit window; the driver edits it through the outbox. */
  async edit(user: UserRow, messageId: number, text: string): Promise<MessageView> {
    const { message, ticket } = await this.own(user, messageId);
    if (message.isDeleted) throw new AppError("ERR_VALIDATION", { fields: { messageId: "Deleted message" } });
    if (Date.now() - Date.parse(message.createdAt) > EDIT_WINDOW_MS) throw new AppError("ERR_EDIT_WINDOW_EXPIRED");
    this.ensureChangeable(message, ticket);
    // A signed (or private) message keeps its name prefix whatever the new text says.
    const prefix = PREFIX.exec(message.body)?.[0] ?? "";
    const body = prefix && !text.startsWith(prefix) ? prefix + text : text;
    const row = await this.ctx.db.transaction(async (tx) => {
      const [updated] = await tx.update(messages).set({ body, isEdited: true }).where(eq(messages.id, message.id)).returning();
      if (!message.isPrivate) await this.sender.delivery.enqueue(EDIT_JOB, ticket, message.id, tx);
      return updated!;
    });
    return (await this.announce(row, ticket)) ?? this.sender.views.one(user.companyId, row);
  }

  /** DELETE /messages/{id}: own messages only; the driver deletes it for everybody through the outbox. */
  async remove(user: UserRow, messageId: number): Promise<MessageView> {
    const { message, ticket } = await this.own(user, messageId);
    if (message.isDeleted) return this.sender.views.one(user.companyId, message);
    this.ensureChangeable(message, ticket);
    const row = await this.ctx.db.transaction(async (tx) => {
      const [updated] = await tx.update(messages).set({ isDeleted: true, deletedBy: "me" }).where(eq(messages.id, message.id)).returning();
      if (!message.isPrivate) await this.sender.delivery.enqueue(REMOVE_JOB, ticket, message.id, tx);
      return updated!;
    });
    return (await this.announce(row, ticket)) ?? this.sender.views.one(user.companyId, row);
  }

  /** GET /messages-allMe: how many (non-private) messages the company sent or received in a period. */
  async countAllMe(user: UserRow, q: { fromMe: boolean; dateStart?: string; dateEnd?: string }): Promise<{ count: number }> {
    const where = [eq(messages.companyId, user.companyId), eq(messages.fromMe, q.fromMe), eq(messages.isPrivate, false)];
    // Days are the server's local days, stored times are UTC ISO text.
    if (q.dateStart) where.push(gte(messages.createdAt, new Date(`${q.dateStart}T00:00:00`).toISOString()));
    if (q.dateEnd) where.push(lte(messages.createdAt, new Date(`${q.dateEnd}T23:59:59.999`).toISOString()));
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(messages)
      .where(and(...where));
    return { count: row?.n ?? 0 };
  }

  /** A sent message stays as it is on channels that cannot change it: changing it only here would mislead. */
  private ensureChangeable(message: MessageRow, ticket: TicketRow): void {
    if (!message.isPrivate && this.sender.driverFor(ticket.channel)?.canEditSent === false) throw new AppError("ERR_CHANNEL_UNSUPPORTED", { channel: ticket.channel });
  }

  /** A message the user may change: the company's, in a ticket they can open, sent by the company's side and (unless admin) by them. */
  private async own(user: UserRow, messageId: number): Promise<{ message: MessageRow; ticket: TicketRow }> {
    const [found] = await this.ctx.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.companyId, user.companyId), eq(messages.id, messageId)))
      .limit(1);
    if (!found) throw new AppError("ERR_NOT_FOUND");
    if (!(await this.reader.canOpen(user, found.ticket))) throw new AppError("ERR_NO_PERMISSION");
    // Admins supervise every attendant's messages (and those sent from the phone); a user only theirs.
    const mine = found.message.fromMe && (found.message.userId === user.id || isAdmin(user));
    if (!mine) throw new AppError("ERR_NO_PERMISSION");
    return found;
  }

  private async announce(row: MessageRow, ticket: TicketRow): Promise<MessageView | null> {
    try {
      return await this.sender.announcer.message("update", row, ticket);
    } catch (err) {
      this.ctx.log.error(`tickets: events of message ${row.id} failed`, err);
      return null;
    }
  }
}
