import type { EventBus } from "../../../../core/events/bus.ts";
import type { Realtime } from "../../../../core/realtime/realtime.ts";
import type { AppMessageEvent, MessageAck, MessageView, TicketView } from "../../shared/ticket-types.ts";
import type { MessageViews } from "./messages-view.ts";
import type { TicketReader } from "../tickets-internals.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";
import { ticketRoom } from "../rooms/tickets.events.ts";
import { maskedView } from "../tickets/tickets-view-query.ts";
import "../tickets-events.contract.ts";

/**
 * The realtime and bus side of a stored or changed message. Everything here runs after
 * the transaction committed, so a client never fetches a message that does not exist.
 *
 * `company-{id}-appMessage` goes to the ticket's audience (masked rooms get the masked
 * ticket) and to the room of the ticket's open chat window (`ticket-{uuid}`); sockets of
 * masked rooms are excluded from the full emit, so a plain user in the chat room never
 * receives the full number.
 */
export class MessageAnnouncer {
  constructor(
    private realtime: Realtime,
    private bus: EventBus,
    private reader: TicketReader,
    private views: MessageViews,
  ) {}

  /**
   * Emits appMessage `action` and (with `notifyBus`) the bus event `tickets.message.created`
   * or `.updated`; returns the view sent. Ack changes have their own bus event, so they pass false.
   */
  async message(
    action: AppMessageEvent["action"],
    row: MessageRow,
    ticket: TicketRow,
    notifyBus = true,
    /** The ticket's view and audience when the caller has just built them for the same committed state. */
    known?: { view: TicketView; rooms: { full: string[]; masked: string[] } },
  ): Promise<MessageView | null> {
    const companyId = row.companyId;
    const [message, full, rooms] = await Promise.all([
      // The ticket's view carries the customer's name and picture.
      this.views.one(companyId, row, known?.view.contact),
      known ? known.view : this.reader.view(companyId, ticket.id),
      known ? known.rooms : this.reader.audience(ticket),
    ]);
    if (!full) return null;
    const event = `company-${companyId}-appMessage`;
    this.realtime.emit(companyId, event, { action, message, ticket: full } satisfies AppMessageEvent, [...rooms.full, ticketRoom(ticket.uuid)], rooms.masked);
    if (rooms.masked.length) this.realtime.emit(companyId, event, { action, message, ticket: maskedView(full) } satisfies AppMessageEvent, rooms.masked);
    // Private messages are internal notes: no other plugin (webhooks, reports) hears of them.
    if (notifyBus && !row.isPrivate) {
      const payload = { companyId, whatsappId: ticket.whatsappId, message };
      if (action === "create") await this.bus.emit("tickets.message.created", { ...payload, ticket: full });
      else await this.bus.emit("tickets.message.updated", payload);
    }
    return message;
  }

  /** Bus `tickets.message.acked` (webhooks report delivery and reading). */
  async acked(row: MessageRow, whatsappId: number): Promise<void> {
    if (row.isPrivate) return;
    await this.bus.emit("tickets.message.acked", { companyId: row.companyId, whatsappId, messageId: row.id, providerId: row.providerId, ack: row.ack as MessageAck });
  }

  /** `company-{id}-ticket` updateUnread to the ticket's audience (the notification list drops it). */
  async unreadCleared(ticket: TicketRow): Promise<void> {
    const rooms = await this.reader.audience(ticket);
    this.realtime.emit(ticket.companyId, `company-${ticket.companyId}-ticket`, { action: "updateUnread", ticketId: ticket.id }, [...rooms.full, ...rooms.masked]);
  }
}
