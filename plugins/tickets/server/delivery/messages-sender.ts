import { and, eq } from "drizzle-orm";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { StoredFile } from "../../../../core/storage/storage.ts";
import { messages, tickets } from "../../schema/tables.ts";
import { Delivery, type DriverLookup } from "./deliver.ts";
import { isCompanyMediaUrl } from "../messages/media.ts";
import { mediaLimitBytes } from "../../../../core/storage/media-limits.ts";
import { type OutboundContent, outboundDraft } from "../outbound/outbound-message.ts";
import { OutboundWriter } from "../outbound/outbound-write.ts";
import { MessageAnnouncer } from "../messages/messages-events.ts";
import { MessageViews } from "../messages/messages-view.ts";
import type { MessageSender, SendMessageInput, TicketReader } from "../tickets-internals.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";

/** What the stored message carries besides its text. */
function contentOf(input: SendMessageInput, stored: StoredFile | null): OutboundContent {
  if (stored) return { kind: "file", url: stored.url, mimetype: stored.mimetype, fileName: stored.originalName, ...(input.mediaType ? { mediaType: input.mediaType } : {}) };
  if (input.storedMedia) return { kind: "file", ...input.storedMedia, ...(input.mediaType ? { mediaType: input.mediaType } : {}) };
  if (input.vCard) return { kind: "contact", vCard: input.vCard };
  if (input.data !== undefined) return { kind: "structured", mediaType: input.mediaType ?? "interactiveMessage", data: input.data };
  return { kind: "text" };
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
  /** The one outbound write (outbound-write.ts), shared with sendToContact and bot turns. */
  readonly outbound: OutboundWriter;

  constructor(
    private ctx: PluginContext,
    readonly reader: TicketReader,
  ) {
    this.driverFor = ctx.services.require("channels.driverFor");
    this.views = new MessageViews(ctx.db, ctx.services);
    this.announcer = new MessageAnnouncer(ctx.realtime, ctx.bus, reader, this.views);
    this.delivery = new Delivery(ctx.db, ctx.writes, ctx.services, ctx.jobs, ctx.log, this.driverFor, this.announcer);
    this.delivery.define();
    this.outbound = new OutboundWriter(ctx.services, ctx.settings, this.delivery);
  }

  async send(input: SendMessageInput): Promise<MessageRow> {
    const { companyId } = input;
    const ticket = await this.ticket(companyId, input.ticketId);
    const text = (input.body ?? "").trim();
    if (!text && !input.media && !input.storedMedia && !input.vCard && input.data === undefined) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });
    if (input.storedMedia && !isCompanyMediaUrl(companyId, input.storedMedia.url)) throw new AppError("ERR_VALIDATION", { fields: { mediaUrl: "Invalid media URL" } });
    if (input.quotedMsgId != null) await this.ensureQuotable(companyId, input.quotedMsgId);
    if (!input.isPrivate) await this.ensureReplyWindow(ticket);

    // File I/O happens before the write so the writer is held only for SQL.
    const stored = input.media ? await this.ctx.storage.save(companyId, input.media.file, { maxBytes: await mediaLimitBytes(this.ctx.settings, this.ctx.config) }) : null;
    const draft = outboundDraft(text, {
      content: contentOf(input, stored),
      author: input.user ? { id: input.user.id, name: input.user.name } : null,
      variables: input.resolveVariables ?? false,
      sign: input.sign ?? false,
      isPrivate: input.isPrivate ?? false,
      isForwarded: input.isForwarded ?? false,
      quotedMsgId: input.quotedMsgId ?? null,
      // An attendant's words restart the expiry clocks (issue 14); automatic texts (no user) do not.
      restartsClocks: input.user !== null,
    });
    let row: MessageRow | null;
    try {
      const before = await this.outbound.before(companyId, ticket, [draft]);
      row = await this.ctx.writes.run(({ db }) => this.outbound.inUnit(db, ticket, draft, before));
      // Only a text whose variables filled to nothing leaves nothing to store.
      if (!row) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });
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

  /**
   * The message variables (message-variables.ts) filled for a ticket as it now stands, for
   * the `tickets.fillVariables` service: the names an outbound write reads (outbound-write.ts).
   */
  fillVariables(companyId: number, ticketId: number, text: string): Promise<string> {
    return this.outbound.fill(this.ctx.db, companyId, ticketId, text);
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
