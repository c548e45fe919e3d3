import { and, eq } from "drizzle-orm";
import { nanoid } from "nanoid";
import type { UserRow } from "../../../../core/db/rows.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { StoredFile } from "../../../../core/storage/storage.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { Delivery, DELIVER_JOB, type DriverLookup } from "./deliver.ts";
import { isCompanyMediaUrl, mediaTypeOf } from "../messages/media.ts";
import { mediaLimitBytes } from "../../../../core/storage/media-limits.ts";
import { mayHoldVariables, resolveVariables } from "../messages/message-variables.ts";
import { MessageAnnouncer } from "../messages/messages-events.ts";
import { MessageViews } from "../messages/messages-view.ts";
import type { MessageSender, SendMessageInput, TicketReader } from "../tickets-internals.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";

/** The bold name prefix of a signed message (spec 000 §9). */
export const signaturePrefix = (name: string) => `*${name}:*\n`;
/** The prefix of a private (internal) message (spec 000 §9). */
export const privatePrefix = (name: string | null) => (name ? `*${name} - Mensagem Privada:*\n` : "*Mensagem Privada:*\n");

/** A contact card as vCard 3.0 text, the body of a contactMessage. */
export function vCardText(card: { name: string; number: string }): string {
  const digits = card.number.replace(/\D/g, "");
  return ["BEGIN:VCARD", "VERSION:3.0", `N:;${card.name};;;`, `FN:${card.name}`, `TEL;type=CELL;waid=${digits}:+${digits}`, "END:VCARD"].join("\n");
}

/** What a message will look like, decided before the transaction. */
interface Draft {
  body: string;
  lastMessage: string;
  mediaType: string;
  mediaUrl: string | null;
  dataJson: string | null;
}

/**
 * Stores outbound messages and hands them to the delivery outbox. Also carries the
 * message side's shared parts (driver lookup, delivery, announcer, views) so the
 * route registration (messages.setup.ts) uses the same instances.
 */
export class OutboundSender implements MessageSender {
  /** The channels plugin's registry: drivers register there, from their own plugins. */
  readonly driverFor: DriverLookup;
  readonly views: MessageViews;
  readonly announcer: MessageAnnouncer;
  readonly delivery: Delivery;

  constructor(
    private ctx: PluginContext,
    readonly reader: TicketReader,
  ) {
    this.driverFor = ctx.services.require("channels.driverFor");
    this.views = new MessageViews(ctx.db, ctx.services);
    this.announcer = new MessageAnnouncer(ctx.realtime, ctx.bus, reader, this.views);
    this.delivery = new Delivery(ctx.db, ctx.writes, ctx.services, ctx.jobs, ctx.log, this.driverFor, this.announcer);
    this.delivery.define();
  }

  async send(input: SendMessageInput): Promise<MessageRow> {
    const { companyId } = input;
    const ticket = await this.ticket(companyId, input.ticketId);
    const text = (input.body ?? "").trim();
    if (!text && !input.media && !input.storedMedia && !input.vCard && input.data === undefined) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });
    if (input.storedMedia && !isCompanyMediaUrl(companyId, input.storedMedia.url)) throw new AppError("ERR_VALIDATION", { fields: { mediaUrl: "Invalid media URL" } });
    if (input.quotedMsgId != null) await this.ensureQuotable(companyId, input.quotedMsgId);
    if (!input.isPrivate) await this.ensureReplyWindow(ticket);

    const body = await this.finalText(text, ticket, input);
    // File I/O happens before the transaction so the write lock is held only for SQL.
    const stored = input.media ? await this.ctx.storage.save(companyId, input.media.file, { maxBytes: await mediaLimitBytes(this.ctx.settings, this.ctx.config) }) : null;
    const draft = this.draft(body, input, stored);
    let row: MessageRow;
    try {
      row = await this.ctx.db.transaction(async (tx) => {
        const [message] = await tx
          .insert(messages)
          .values({
            companyId,
            ticketId: ticket.id,
            contactId: ticket.contactId,
            whatsappId: ticket.whatsappId,
            // Our own id: a retried delivery carries the same one, so drivers can de-duplicate.
            providerId: `out-${nanoid()}`,
            body: draft.body,
            fromMe: true,
            mediaType: draft.mediaType,
            mediaUrl: draft.mediaUrl,
            ack: 0,
            isPrivate: input.isPrivate ?? false,
            isForwarded: input.isForwarded ?? false,
            quotedMsgId: input.quotedMsgId ?? null,
            userId: input.user?.id ?? null,
            queueId: ticket.queueId,
            dataJson: draft.dataJson,
          })
          .returning();
        if (!input.isPrivate) {
          // An attendant's words restart the expiry clocks (issue 14); automatic texts (no user) do not.
          const now = new Date().toISOString();
          const clocks = input.user ? { activityAt: now, agentActivityAt: now } : {};
          await tx
            .update(tickets)
            .set({ lastMessage: draft.lastMessage, ...clocks })
            .where(eq(tickets.id, ticket.id));
          // The outbox row: committed with the message or not at all.
          await this.delivery.enqueue(DELIVER_JOB, ticket, message!.id, tx);
        }
        return message!;
      });
    } catch (err) {
      if (stored) await this.ctx.storage.remove(stored.path);
      throw err;
    }
    await this.afterCommit(row, ticket.id);
    return row;
  }

  /** Events of a new message; a failure here is logged, the message is stored and queued anyway. */
  private async afterCommit(row: MessageRow, ticketId: number): Promise<void> {
    try {
      if (!row.isPrivate) await this.reader.announce(row.companyId, ticketId);
      await this.announcer.message("create", row, await this.ticket(row.companyId, ticketId));
    } catch (err) {
      this.ctx.log.error(`tickets: events of message ${row.id} failed`, err);
    }
  }

  /** Variables, then the private or signature prefix. */
  private async finalText(text: string, ticket: TicketRow, input: SendMessageInput): Promise<string> {
    let body = text;
    if (body && input.resolveVariables) body = await this.fillVariables(ticket.companyId, ticket.id, body, input.user);
    if (input.isPrivate) return privatePrefix(input.user?.name ?? null) + body;
    if (body && input.sign && input.user && (await this.ctx.settings.companyOne(ticket.companyId, "sendSignMessage")) === "enabled") return signaturePrefix(input.user.name) + body;
    return body;
  }

  /**
   * The message variables (message-variables.ts) filled for a ticket as it now stands: the
   * one filling behind sends with `resolveVariables` and the `tickets.fillVariables` service.
   * `user`, when an attendant writes, names {{user}}; else the ticket's attendant does. A
   * text without placeholders, or a ticket that is gone, is answered as given.
   */
  async fillVariables(companyId: number, ticketId: number, text: string, user: Pick<UserRow, "name"> | null = null): Promise<string> {
    if (!mayHoldVariables(text)) return text;
    const view = await this.reader.view(companyId, ticketId);
    if (!view) return text;
    return resolveVariables(text, {
      contactName: view.contact.name,
      userName: user?.name ?? view.user?.name ?? "",
      ticketId,
      queueName: view.queue?.name ?? "",
      connectionName: view.whatsapp?.name ?? "",
      now: new Date(),
    });
  }

  private draft(body: string, input: SendMessageInput, stored: StoredFile | null): Draft {
    if (stored) {
      return {
        body,
        lastMessage: body || stored.originalName,
        mediaType: input.mediaType ?? mediaTypeOf(stored.mimetype),
        mediaUrl: stored.url,
        dataJson: JSON.stringify({ mimetype: stored.mimetype, fileName: stored.originalName }),
      };
    }
    if (input.storedMedia) {
      const m = input.storedMedia;
      return {
        body,
        lastMessage: body || m.fileName,
        mediaType: input.mediaType ?? mediaTypeOf(m.mimetype),
        mediaUrl: m.url,
        dataJson: JSON.stringify({ mimetype: m.mimetype, fileName: m.fileName }),
      };
    }
    if (input.vCard) {
      const card = { name: input.vCard.name.trim(), number: input.vCard.number.replace(/\D/g, "") };
      return { body: vCardText(card), lastMessage: card.name, mediaType: "contactMessage", mediaUrl: null, dataJson: JSON.stringify(card) };
    }
    if (input.data !== undefined) {
      return { body, lastMessage: body, mediaType: input.mediaType ?? "interactiveMessage", mediaUrl: null, dataJson: JSON.stringify(input.data) };
    }
    return { body, lastMessage: body, mediaType: input.mediaType ?? "chat", mediaUrl: null, dataJson: null };
  }

  private async ticket(companyId: number, id: number): Promise<TicketRow> {
    const [row] = await this.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
    return row;
  }

  /** Meta's channels take replies only within 24 hours of the customer's last message: refuse before storing. */
  private async ensureReplyWindow(ticket: TicketRow): Promise<void> {
    // Most channels have no window: decide that from the ticket before any lookup.
    const driver = this.driverFor(ticket.channel);
    if (!driver?.replyWindow) return;
    const connection = await this.ctx.services.require("connections.get")(ticket.companyId, ticket.whatsappId);
    if (!connection) return;
    const contact = await this.ctx.services.require("contacts.get")(ticket.companyId, ticket.contactId);
    if (!contact) return;
    const to = { contactId: contact.id, number: contact.number, name: contact.name, isGroup: contact.isGroup };
    const window = await driver.replyWindow({ companyId: ticket.companyId, connection, to });
    if (!window.open) throw new AppError("ERR_REPLY_WINDOW_CLOSED", { closesAt: window.closesAt });
  }

  private async ensureQuotable(companyId: number, id: number): Promise<void> {
    const [row] = await this.ctx.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.id, id)))
      .limit(1);
    if (!row) throw new AppError("ERR_VALIDATION", { fields: { quotedMsg: "Not found" } });
  }
}

/** Builds the MessageSender of tickets-internals.ts. */
export function createMessageSender(ctx: PluginContext, reader: TicketReader): OutboundSender {
  return new OutboundSender(ctx, reader);
}
