import type { ConnectionRow } from "../connections/server/connections.contract.ts";

/**
 * How far an outbound message got, as drivers report it: 0 pending, 1 sent, 2 delivered,
 * 3 and 4 read (played for audio), 5 done. The tickets plugin stores it on the message
 * (its shared types re-export this one).
 */
export type MessageAck = 0 | 1 | 2 | 3 | 4 | 5;

/**
 * The channel driver contract. A driver is a plugin that turns one provider (the API
 * channel, WhatsApp through Baileys, Meta's Graph API …) into the normalised calls below.
 *
 * Inbound (provider → us), the driver calls these services of the tickets plugin, which
 * owns the tables they write (declared in inbound.contract.ts):
 * - `tickets.receive(InboundMessage)` for text, media, location, contact cards and
 *   reactions (idempotent per connection + provider id, race-safe per contact);
 * - `tickets.ack`, `tickets.providerEdited`, `tickets.providerDeleted` for later changes of
 *   a stored message;
 * - `connections.setStatus` for session progress (QR code, CONNECTED, DISCONNECTED …).
 *
 * Outbound (us → provider): a driver registers itself with `channels.registerDriver`.
 * The tickets plugin stores every outbound message FIRST (ack 0, a provider id chosen
 * by us) and enqueues a durable `tickets.deliver` job in the same transaction; the job
 * calls `driver.send`. A driver that throws is retried with backoff, so `send` must be
 * idempotent for one `message.providerId` (pass it on as the provider's message id where
 * the provider allows it, or de-duplicate on it).
 */
export interface ChannelDriver {
  /** The connections' `channel` value this driver serves ("api", "whatsapp", "facebook" …). */
  channel: string;
  /**
   * False when the provider cannot change or delete a message once sent (Meta's Send
   * API): an attendant's edit or deletion of a sent message is then refused with
   * ERR_CHANNEL_UNSUPPORTED instead of changing it only here. Absent: true.
   */
  canEditSent?: boolean;
  /**
   * Interactive menus the channel shows (a list of rows; reply buttons): the inbound bot
   * sends its menus as such where set, as numbered text otherwise. Absent: text only.
   */
  list?: boolean;
  buttons?: boolean;
  /**
   * The process-held resource a connection's deliveries need (`whatsapp:12`: the process
   * driving that session), or null when any process can send. The tickets plugin pins the
   * connection's delivery jobs to it (the kernel's job affinity), so only the process that
   * `ctx.jobs.hold`s the key claims them; the driver holds it while it drives the connection.
   * Absent: any process sends (the API channel, Meta's, which send over HTTP).
   */
  affinity?(connectionId: number): string | null;
  /** Delivers one stored outbound message. May return the provider's own id and an ack. */
  send(request: OutboundRequest): Promise<OutboundResult>;
  /** Changes the text of a message already sent (the attendant's edit, within 15 minutes). */
  edit(request: OutboundEditRequest): Promise<void>;
  /** Deletes a message already sent, for everybody. */
  remove(request: OutboundDeleteRequest): Promise<void>;
  /**
   * Channels that accept replies only for a while after the customer's last message
   * (Meta's 24-hour window) say whether that window is open. Asked before an attendant's
   * message is stored: a closed window answers ERR_REPLY_WINDOW_CLOSED and nothing is
   * stored or queued. Absent: always open.
   */
  replyWindow?(request: ReplyWindowRequest): Promise<ReplyWindow>;
  /**
   * What the phone behind a connection knows, for the contacts import (`POST /contacts/import`,
   * `POST /contacts/import/chats`). Absent: the channel has no phone (the API channel, Meta's),
   * and those imports answer ERR_CONTACT_IMPORT_CHANNEL.
   */
  phoneBook?: PhoneBook;
}

/** A person a connection's phone knows: the number (digits) and the best name it has ("" for none). */
export interface PhoneBookEntry {
  number: string;
  name: string;
}

/** Each answers null when the connection is not the company's or not connected in this process. */
export interface PhoneBook {
  /** The contacts saved on the phone (with their saved name). */
  contacts(companyId: number, whatsappId: number): Promise<PhoneBookEntry[] | null>;
  /** The people the connection has one-to-one chats with, saved on the phone or not. */
  chats(companyId: number, whatsappId: number): Promise<PhoneBookEntry[] | null>;
}

export interface ReplyWindowRequest {
  companyId: number;
  connection: ConnectionRow;
  to: OutboundRequest["to"];
}

export interface ReplyWindow {
  open: boolean;
  /** When it closes (or closed), ISO; null when the customer never wrote. */
  closesAt: string | null;
}

/** The kinds of content an outbound message carries. */
export type OutboundKind = "text" | "media" | "audio" | "contact" | "interactive";

export interface OutboundRequest {
  companyId: number;
  connection: ConnectionRow;
  /** Where it goes: the contact's full number (or group id) — never masked. */
  to: { contactId: number; number: string; name: string; isGroup: boolean };
  ticket: { id: number; uuid: string; status: string };
  message: {
    id: number;
    /** Chosen by us before sending; a retried send carries the same one. */
    providerId: string;
    kind: OutboundKind;
    /** Final text as the customer sees it (signature applied, variables resolved). */
    body: string;
    mediaType: string;
    /**
     * Stored media: `path` is on this server's storage, `url` its public URL path. `voiceNote`:
     * an audio the sender marked as a voice note (true) or as a plain audio file (false);
     * absent, the driver decides from the file.
     */
    media?: { path: string; url: string; mimetype: string; fileName: string; voiceNote?: boolean };
    /** The message being answered, by its provider id. */
    quoted?: { providerId: string; body: string; fromMe: boolean };
    /** A contact card (send contact). */
    vCard?: { name: string; number: string };
    /** Structured payload of interactive messages (list, buttons, PIX), as stored in dataJson. */
    data?: unknown;
    createdAt: string;
  };
}

export interface OutboundResult {
  /** The provider's id when it differs from the one we chose (then stored instead). */
  providerId?: string;
  /** Ack reached by sending (default 1, sent). */
  ack?: MessageAck;
}

export interface OutboundEditRequest {
  companyId: number;
  connection: ConnectionRow;
  to: OutboundRequest["to"];
  message: { id: number; providerId: string; body: string };
}

export interface OutboundDeleteRequest {
  companyId: number;
  connection: ConnectionRow;
  to: OutboundRequest["to"];
  message: { id: number; providerId: string; fromMe: boolean };
}

/** A provider's report about a stored message, addressed by (connection, provider id). */
export interface ProviderMessageRef {
  companyId: number;
  whatsappId: number;
  providerId: string;
}

/** What a driver may read back about a stored message. */
export interface ProviderMessage {
  body: string;
  mediaType: string;
  fromMe: boolean;
  isDeleted: boolean;
}

declare module "../../core/plugin/services.ts" {
  interface ServiceMap {
    /** Makes `driver` the sender for connections of `driver.channel`. Two drivers for one channel stop the boot. */
    "channels.registerDriver": (driver: ChannelDriver) => void;
    /** The driver registered for a connection channel ("whatsapp", "api" …), or undefined when none is. */
    "channels.driverFor": (channel: string) => ChannelDriver | undefined;
  }
}
