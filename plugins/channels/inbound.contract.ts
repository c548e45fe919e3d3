import type { MessageRow, TicketRow } from "../tickets/server/tickets.contract.ts";
import type { MessageAck, ProviderMessage, ProviderMessageRef } from "./channel-driver.contract.ts";

/**
 * The inbound port: what a channel plugin hands over when its provider reports something.
 * The services below are provided by the tickets plugin, which owns the tickets, messages
 * and ticket_logs tables they write in one transaction (README.md, "Why storage stays with
 * tickets"); they keep tickets' names. The answer's rows are tickets' row types, named
 * through its contract.
 */

/** One message a channel driver received (or saw sent from the phone, `fromMe`). */
export interface InboundMessage {
  companyId: number;
  /** The connection it arrived through; must be the company's. */
  whatsappId: number;
  /** The provider's message id: the same id twice is stored once. */
  providerId: string;
  from: { number: string; name?: string; isGroup?: boolean };
  body?: string;
  media?: { mimetype: string; fileName: string; data: Uint8Array };
  fromMe?: boolean;
  /** When the provider says it was sent, epoch milliseconds. */
  timestamp?: number;
  /**
   * Content other than text or a file: "locationMessage", "contactMessage" (vCard),
   * "reactionMessage" (body = the emoji) … with its structure in `data` (stored as dataJson).
   * Media messages take their type from the mimetype and need not set it.
   */
  mediaType?: string;
  data?: unknown;
  /** The provider id of the message this one answers (or reacts to). */
  quotedProviderId?: string;
  /** In groups: the member who wrote it. */
  participant?: string;
  /**
   * The queue a NEW ticket starts in (a history import's queueIdImportMessages); an
   * existing live ticket keeps its own. Must be one of the company's queues.
   */
  queueId?: number | null;
}

/** The contact as events show it: no number, so LGPD-masked viewers never receive it here. */
export interface ContactSummary {
  id: number;
  name: string;
  urlPicture: string;
  disableBot: boolean;
  isGroup: boolean;
}

export interface ReceiveResult {
  message: MessageRow;
  ticket: TicketRow;
  contact: ContactSummary;
  /** True when the providerId was already stored: nothing was written or emitted. */
  duplicate: boolean;
}

declare module "../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Stores one inbound message: finds or creates the contact, the live ticket (a new
     * one is pending, with a `create` log) and the message, in ONE transaction; then
     * emits `company-{id}-ticket` update and `company-{id}-appMessage` create. Race-safe
     * (concurrent first messages of one number make one ticket) and idempotent per
     * (connection, providerId). Throws ERR_NO_WAPP_FOUND for another company's connection,
     * ERR_PAYLOAD_TOO_LARGE above the downloadLimit setting.
     */
    "tickets.receive": (input: InboundMessage) => Promise<ReceiveResult>;
    /**
     * Raises a message's ack (acks never go down: a late "delivered" after "read" is ignored);
     * emits `company-{id}-appMessage` update. Unknown messages are ignored (returns false).
     */
    "tickets.ack": (ref: ProviderMessageRef, ack: MessageAck) => Promise<boolean>;
    /** The customer edited a message: new body, isEdited; emits appMessage update. Returns false when unknown. */
    "tickets.providerEdited": (ref: ProviderMessageRef, body: string) => Promise<boolean>;
    /** The customer deleted a message: isDeleted, deletedBy "contact" (the text is kept only when the lgpdDeleteMessage setting is off). */
    "tickets.providerDeleted": (ref: ProviderMessageRef) => Promise<boolean>;
    /** What a stored message shows changed at the provider without an edit (a poll's votes): new body and data, no "edited" mark. */
    "tickets.providerRefreshed": (ref: ProviderMessageRef, body: string, data: unknown) => Promise<boolean>;
    /** A stored message by its provider id (a driver re-sending it on the provider's request), or null. */
    "tickets.providerMessage": (ref: ProviderMessageRef) => Promise<ProviderMessage | null>;
  }
}
