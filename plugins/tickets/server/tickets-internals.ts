import type { UserRow } from "../../../core/db/rows.ts";
import type { TicketView } from "../shared/ticket-types.ts";
import type { OutboundKind } from "../../channels/channel-driver.contract.ts";
import type { MessageRow, TicketRow } from "./tickets.contract.ts";

/**
 * How the parts of the tickets plugin talk to each other: the ticket side (list,
 * lifecycle, views, rooms) and the message side (send, list, edit, delivery to drivers).
 * `server/index.ts` builds one of each and hands them to the route registrations.
 */

/** Reads tickets as the API shows them, and announces their changes. Built by tickets-views.ts. */
export interface TicketReader {
  /** One ticket of the company as a TicketView (the contact's number LGPD-masked for `viewer` when required), or null. */
  view(companyId: number, ticketId: number, viewer?: UserRow): Promise<TicketView | null>;
  /**
   * The ticket (by id or uuid) if `user` may open it: ERR_NO_TICKET_FOUND (404) when it is not a
   * ticket of their company, ERR_NO_PERMISSION (403) when it is but `canOpen` says no. Every
   * route that reads or changes a ticket or its things (messages, notes, tags, lane, log)
   * answers with it, so each says what GET /tickets/{id} says. Other plugins: `tickets.openable`.
   */
  openable(user: UserRow, where: { id: number } | { uuid: string }): Promise<TicketRow>;
  /** Whether `user` may open this ticket and its messages (the visibility rules of GET /tickets, for one ticket). */
  canOpen(user: UserRow, ticket: TicketRow): Promise<boolean>;
  /** The ids of `tickets` that `user` may open (`canOpen` for a list, reading the user's queues once). */
  openableAmong(user: UserRow, tickets: readonly TicketRow[]): Promise<Set<number>>;
  /** Emits `company-{id}-ticket` `{ action: "update", ticket }` with the fresh view to the sockets allowed to see it. */
  announce(companyId: number, ticketId: number): Promise<void>;
  /**
   * `announce` for a caller that already holds the committed row: answers the view and
   * audience it used, so a message announcement that follows reuses them. `cause: "inbound"`
   * marks the bookkeeping of a stored inbound message (see tickets-events.contract.ts).
   */
  announceRow(row: TicketRow, cause?: "inbound", view?: TicketView): Promise<{ view: TicketView; rooms: { full: string[]; masked: string[] } } | null>;
  /** Emits `company-{id}-ticket` `{ action: "delete", ticketId }` to the ticket's audience. */
  announceDeleted(companyId: number, ticket: TicketRow): Promise<void>;
  /**
   * The socket rooms of the company namespace that may see this ticket (its queue's
   * room, its attendant, admins, …). Message events of the ticket go to these rooms only.
   * With LGPD masking on, `masked` rooms must receive the masked variant of a payload.
   */
  audience(ticket: TicketRow): Promise<{ full: string[]; masked: string[] }>;
}

export interface SendMessageInput {
  companyId: number;
  ticketId: number;
  /** The attendant writing; null for automatic messages (greeting, farewell, transfer notice). */
  user: UserRow | null;
  body: string;
  kind?: OutboundKind;
  /** Replace message variables ({{firstName}}, {{name}}, {{user}}, {{ms}}, {{protocol}}, {{date}}, {{hour}}, {{ticket_id}}, {{queue}}, {{connection}}). */
  resolveVariables?: boolean;
  /** Prefix the attendant's name in bold (the signature toggle, when sendSignMessage allows it), once: a text already starting with it is not signed again. */
  sign?: boolean;
  /** Stored in the conversation only, never delivered to the customer. */
  isPrivate?: boolean;
  isForwarded?: boolean;
  quotedMsgId?: number;
  media?: { file: File };
  /**
   * A file already stored for this company (a forwarded message's media, a quick reply's
   * attachment): `url` must be a `/public/company{companyId}/…` path; nothing is copied.
   */
  storedMedia?: { url: string; mimetype: string; fileName: string };
  vCard?: { name: string; number: string };
  /** Interactive content (list, buttons, PIX) kept in dataJson and given to the driver. */
  data?: unknown;
  mediaType?: string;
}

/** Stores outbound messages and has them delivered by the connection's driver. Built by messages-sender.ts. */
export interface MessageSender {
  /**
   * Stores the message (ack 0) and, unless private, enqueues its delivery in the same
   * transaction; updates the ticket's lastMessage; emits appMessage create and the ticket
   * update after commit. Throws ERR_NO_TICKET_FOUND, ERR_VALIDATION (empty text).
   */
  send(input: SendMessageInput): Promise<MessageRow>;
}
