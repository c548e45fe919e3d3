import type { Tx } from "../../../core/db/database.ts";
import type { WriteUnit } from "../../../core/db/write-batch.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import type { TicketView } from "../shared/ticket-types.ts";
import type { messages, tickets } from "../schema/tables.ts";

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/*
 * The inbound services this plugin provides (`tickets.receive`, `tickets.ack`, …) are
 * declared with their input types in the channels plugin's inbound.contract.ts, the port
 * every channel plugin calls; their implementation lives in ./inbound/ and ./messages/.
 */

/** An outbound message to a contact outside any open conversation (a scheduled message). */
export interface SendToContactInput {
  companyId: number;
  contactId: number;
  /** The connection to send through; null for the company's default connection. */
  whatsappId: number | null;
  body: string;
  /** Who wrote it: the name of the signature and of `{{user}}`; null for nobody (`{{user}}` then names the ticket's attendant). */
  authorId: number | null;
  /** Prefix the author's name in bold, when the company's sendSignMessage setting allows it. */
  sign: boolean;
  /**
   * The ticket a new conversation starts as (the contact's live ticket on the connection is
   * used as it is when there is one): `open` with the chosen attendant and queue, `pending`
   * (optional: waiting in the queue for an attendant to accept it, no attendant), or `closed`
   * (kept as history); null starts a closed ticket with no attendant or queue.
   */
  openTicket: { status: "open" | "pending" | "closed"; userId: number | null; queueId: number | null } | null;
  /** A file already stored for this company (`/public/company{id}/…`); nothing is copied. */
  media: { url: string; mimetype: string; fileName: string } | null;
  /**
   * Optional: write on this ticket (the `ticket.id` an earlier call in the same transaction
   * answered, e.g. the next file of one request) instead of looking for the live one, so a
   * ticket started closed still gets every message. Must be the company's, the contact's and
   * the connection's: otherwise ERR_NO_TICKET_FOUND.
   */
  ticketId?: number;
}

export interface SentToContact {
  message: MessageRow;
  ticket: TicketRow;
  /** Emits the ticket and message events: call it once the caller's transaction has committed. */
  announce(): Promise<void>;
}

/** What `tickets.sendToContactStep` reads before the unit: the connection, and the signing setting when `sign`. */
export interface SendToContactScope {
  companyId: number;
  /** The connection to send through; null for the company's default connection. */
  whatsappId: number | null;
  /** Whether any input of the step will ask for a signature (reads sendSignMessage once). */
  sign: boolean;
}

/** The contact as the caller's unit has it (e.g. what `contacts.findOrCreateStep` answered). */
export type StepContact = { id: number; name: string; isGroup: boolean };

/**
 * `tickets.sendToContact` as a synchronous step of the caller's write unit: the input must be
 * of the scope it was prepared for (its company and connection) and name `contact`'s id.
 * The SentToContact's `announce` is for after the unit has committed.
 */
export type SendToContactStep = (unit: WriteUnit, contact: StepContact, input: SendToContactInput) => SentToContact;

/** One tag link of a ticket replaced by another tag (a kanban lane move). */
export interface TagMove {
  companyId: number;
  /** The `ticket_tags` row as read (`ticket_tags_view.id`): only that exact link moves. */
  ticketTagId: number;
  /** A tag of the same company. */
  toTagId: number;
}

/** A ticket's tags swapped in one go (the kanban board's move between lanes). */
export interface TagSwap {
  companyId: number;
  ticketId: number;
  /** Tags taken off the ticket (the company's lanes); those it does not carry are ignored. */
  removeTagIds: number[];
  /** The tag put on (a link that exists is kept as it is), or null for none. */
  addTagId: number | null;
}

export interface MovedTicket {
  ticket: TicketRow;
  /** Emits the ticket's update (its tags changed): call it once the caller's transaction has committed. */
  announce(): Promise<void>;
}

/** What the kanban board lists: a time window of last activity and the list's queue filter. */
export interface BoardQuery {
  queueIds: number[];
  /** ISO instants, [from, to). */
  from: string;
  to: string;
}

declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * The ticket if `user` may open it, by the rule of GET /tickets/{id}: throws
     * ERR_NO_TICKET_FOUND (404) when it is not a ticket of the user's company, ERR_NO_PERMISSION
     * (403) when the user may not open it. A route of another plugin that reads or changes a
     * ticket's things (its kanban lane) asks it first, so it answers what opening the ticket does.
     * @example
     *   // openable: this service, taken with require (manifest `requires`)
     *   const ticket = await openable(user, ticketId); // 404 / 403 as GET /tickets/{id}
     */
    "tickets.openable": (user: UserRow, ticketId: number) => Promise<TicketRow>;
    /**
     * Stores one outbound message to a contact inside the CALLER's transaction, with its
     * delivery outbox row, so the caller's own change (e.g. a schedule marked sent) lands with
     * it or not at all. Finds the contact's live ticket on the connection or starts one as
     * `openTicket` says; resolves message variables; signs. Throws ERR_NO_CONTACT_FOUND,
     * ERR_NO_WAPP_FOUND / ERR_NO_DEF_WAPP_FOUND, ERR_NO_USER_FOUND, ERR_VALIDATION (queue, empty).
     * @example
     *   // sendToContact: this service, taken with require (manifest `requires`)
     *   const sent = await db.transaction((tx) => sendToContact(input, tx));
     *   await sent.announce();
     */
    "tickets.sendToContact": (input: SendToContactInput, tx: Tx) => Promise<SentToContact>;
    /**
     * `tickets.sendToContact` for a write unit (`ctx.writes`): the async reads (connection,
     * sendSignMessage) happen now, the returned step writes synchronously inside the caller's
     * unit, so the caller's own writes (a contact found or created, an idempotency key) commit
     * with the messages, and many callers share one group commit. Same rules and refusals;
     * ERR_NO_WAPP_FOUND / ERR_NO_DEF_WAPP_FOUND when preparing.
     * @example
     *   const step = await sendToContactStep({ companyId, whatsappId, sign: false });
     *   const sent = await ctx.writes.run((unit) => step(unit, contactStep(unit), input));
     *   await sent.announce();
     */
    "tickets.sendToContactStep": (scope: SendToContactScope) => Promise<SendToContactStep>;
    /**
     * Closes the listed tickets of the company that are still open, pending or group,
     * without farewell, logging `closed` by nobody; answers how many closed. For a channel
     * closing what its history import opened (`POST /closedimported/{id}`).
     */
    "tickets.closeMany": (companyId: number, ticketIds: number[]) => Promise<number>;
    /**
     * The kanban board's tickets for `user`: pending and open tickets the user may see (the
     * ticket list's visibility and queue filter), last active in [from, to), newest first,
     * at most 500 (`hasMore` beyond); numbers LGPD-masked as the list masks them.
     */
    "tickets.board": (user: UserRow, q: BoardQuery) => Promise<{ tickets: TicketView[]; hasMore: boolean }>;
    /**
     * Moves a ticket from one tag (lane) to another inside the CALLER's transaction; null when
     * that exact link is gone (moved or cleared meanwhile, or another node moved it first).
     * Throws ERR_NOT_FOUND when `toTagId` is not a tag of the company.
     */
    "tickets.moveTag": (input: TagMove, tx: Tx) => Promise<MovedTicket | null>;
    /**
     * Takes `removeTagIds` off a ticket and puts `addTagId` on inside the CALLER's
     * transaction, so the ticket is never seen half-way (in no lane, or in two). Throws
     * ERR_NO_TICKET_FOUND when the ticket is not the company's, ERR_NOT_FOUND when
     * `addTagId` is not a tag of the company.
     */
    "tickets.swapTags": (input: TagSwap, tx: Tx) => Promise<MovedTicket>;
    /**
     * A text a channel sends on its own (the call-rejection answer) with the message variables
     * filled for this ticket ({{firstName}}, {{name}}, {{ticket_id}}, {{queue}}, …), as every
     * automatic text of the product (issue 14). A ticket not of the company answers the text as given.
     */
    "tickets.fillVariables": (companyId: number, ticketId: number, text: string) => Promise<string>;
  }
}
