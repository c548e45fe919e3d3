import type { MessageAck, MessageView, TicketView } from "../shared/ticket-types.ts";

/**
 * In-process events of the tickets plugin, for plugins that react to conversations
 * (the API channel's webhooks, later NPS, kanban, reports). Emitted after commit.
 */
declare module "../../../core/events/bus.ts" {
  interface EventMap {
    /**
     * Any change of a ticket (status, user, queue, tags, lastMessage …); `ticket` is the
     * unmasked view. `cause: "inbound"` marks the bookkeeping of a stored inbound message
     * (lastMessage, unread count, a new pending ticket): the channel that delivered the
     * message already knows it, so a channel bridge need not echo it back.
     */
    "tickets.ticket.changed": { companyId: number; ticket: TicketView; cause?: "inbound" };
    /** An attendant read the ticket (its unread count went to 0): channels send read receipts. */
    /**
     * The conversation's holder changed (issue 24, shared/holder.contract.ts), after commit.
     * `byBot`: a bot write made the change (`tickets.botApply`), with its `reason` when a
     * handler let go; otherwise an attendant's or the system's action (accept, transfer,
     * return, close, expiry): `reason` then says which (`attendant`, `queue`, `closed`).
     */
    "tickets.ticket.holderChanged": { companyId: number; ticketId: number; from: string | null; to: string | null; byBot: boolean; reason: string };
    /**
     * An attendant (or the API) transferred the ticket (PUT /tickets/{id}), after commit:
     * `ticketId` is the ticket now in the target (a new one with closeTicketOnTransfer),
     * `fromQueueId` the queue it left, `queueId`/`userId` where it went (userId null: waiting
     * in the queue). A queue's integration starts on it (the integrations plugin).
     */
    "tickets.ticket.transferred": { companyId: number; ticketId: number; fromQueueId: number | null; queueId: number; userId: number | null; byUserId: number };
    "tickets.ticket.read": { companyId: number; ticketId: number; whatsappId: number; contactId: number };
    "tickets.ticket.deleted": { companyId: number; ticketId: number; whatsappId: number };
    /** A message stored (inbound or outbound, private ones excluded); `ticket` is its ticket's unmasked view as announced with it. */
    "tickets.message.created": { companyId: number; whatsappId: number; message: MessageView; ticket: TicketView };
    /** A message's ack rose. */
    "tickets.message.acked": { companyId: number; whatsappId: number; messageId: number; providerId: string; ack: MessageAck };
    /** A message was edited or deleted (by the attendant or the customer). */
    "tickets.message.updated": { companyId: number; whatsappId: number; message: MessageView };
  }
}
