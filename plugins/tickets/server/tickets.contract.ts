import type { messages, tickets } from "../schema/tables.ts";

export type TicketRow = typeof tickets.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

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

declare module "../../../core/plugin/services.ts" {
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
     * Closes the listed tickets of the company that are still open, pending or group,
     * without farewell, logging `closed` by nobody; answers how many closed. For a channel
     * closing what its history import opened (`POST /closedimported/{id}`).
     */
    "tickets.closeMany": (companyId: number, ticketIds: number[]) => Promise<number>;
  }
}
