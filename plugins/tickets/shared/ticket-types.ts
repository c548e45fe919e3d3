/**
 * The JSON shapes of the conversations API (spec 000 §3 and §7), shared by the server's
 * serialisers and the web client so both sides agree on one definition.
 */
import type { MessageAck } from "../../channels/channel-driver.contract.ts";

export const TICKET_STATUS_VALUES = ["pending", "open", "closed", "group"] as const;
export type TicketStatusValue = (typeof TICKET_STATUS_VALUES)[number];

/** Tabs of the workspace; "search" is a view over every status, not a status. */
export type TicketTab = "open" | "pending" | "group" | "closed" | "search";

/** Message ack: 0 pending, 1 sent, 2 delivered, 3 and 4 read (played for audio), 5 done; drivers report it. */
export type { MessageAck };

export interface TagChip {
  id: number;
  name: string;
  color: string;
}

/** The contact as a ticket shows it. `number` is LGPD-masked for plain users when lgpdHideNumber is enabled. */
export interface TicketContact {
  id: number;
  name: string;
  number: string;
  email: string;
  urlPicture: string;
  disableBot: boolean;
  isGroup: boolean;
  /** false = blocked. */
  active: boolean;
  acceptAudioMessage: boolean;
  channel: string;
}

export interface TicketView {
  id: number;
  uuid: string;
  status: TicketStatusValue;
  contactId: number;
  contact: TicketContact;
  userId: number | null;
  user: { id: number; name: string; color: string } | null;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  whatsappId: number;
  whatsapp: { id: number; name: string; channel: string; groupAsTicket: "enabled" | "disabled" } | null;
  channel: string;
  lastMessage: string;
  unreadMessages: number;
  isBot: boolean;
  isGroup: boolean;
  useIntegration: boolean;
  amount: number;
  tags: TagChip[];
  /** Customer rating 1..5 once rated (ratings come with the NPS plugin; null until then). */
  userRating: { rate: number } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /tickets */
export interface TicketListResponse {
  tickets: TicketView[];
  count: number;
  hasMore: boolean;
}

/** Query of GET /tickets (spec 000 §7). Array filters travel as JSON strings, e.g. queueIds=[1,2]. */
export interface TicketListQuery {
  searchParam?: string;
  pageNumber?: number;
  /** JSON array of tag ids. */
  tags?: string;
  /** JSON array of user ids (admin filter). */
  users?: string;
  /** One status (the tab), or "search". */
  status?: TicketTab;
  /** YYYY-MM-DD: tickets created that day. */
  date?: string;
  /** YYYY-MM-DD: tickets updated that day. */
  updatedAt?: string;
  /** "true" shows tickets of every attendant (admin, or allUserChat users). */
  showAll?: "true" | "false";
  /** JSON array of queue ids; 0 stands for "Sem fila" (tickets without a queue, for allTicket users). */
  queueIds?: string;
  withUnreadMessages?: "true" | "false";
  /** JSON array of connection ids. */
  whatsapps?: string;
  /** JSON array of statuses (the filter panel's status filter). */
  statusFilter?: string;
  /** "ASC" | "DESC" by updatedAt (default DESC). */
  sortTickets?: "ASC" | "DESC";
  /** "true": searchParam also matches message text (full-text, accent-insensitive). */
  searchOnMessages?: "true" | "false";
}

export interface QuotedMessageView {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: string;
  mediaUrl: string | null;
  isDeleted: boolean;
  contact: { id: number; name: string } | null;
}

export interface MessageView {
  id: number;
  ticketId: number;
  /** The provider's id (WhatsApp key id, the API channel's id …). */
  providerId: string;
  body: string;
  fromMe: boolean;
  /** "chat" for text; image, audio, video, application, locationMessage, contactMessage, listMessage, interactiveMessage, reactionMessage … */
  mediaType: string;
  mediaUrl: string | null;
  ack: MessageAck;
  isDeleted: boolean;
  /** "contact" when the customer deleted it ('Essa mensagem foi apagada pelo contato'). */
  deletedBy: "me" | "contact" | null;
  isEdited: boolean;
  isForwarded: boolean;
  isPrivate: boolean;
  quotedMsgId: number | null;
  quotedMsg: QuotedMessageView | null;
  /** The customer (inbound) — null on fromMe messages. */
  contact: { id: number; name: string; urlPicture: string } | null;
  /** The attendant who wrote it (outbound from the app). */
  userId: number | null;
  queueId: number | null;
  participant: string | null;
  /** Structured content (JSON text) for location, vCard, list, buttons, PIX, reaction. */
  dataJson: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /messages/{ticketUuid}: newest page first from the server; `messages` are in ascending time order. */
export interface MessageListResponse {
  messages: MessageView[];
  ticket: TicketView;
  count: number;
  hasMore: boolean;
}

export interface TicketLogView {
  id: number;
  type: string;
  createdAt: string;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string; color: string } | null;
}

export interface TicketNoteView {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  createdAt: string;
  user: { id: number; name: string } | null;
}

/**
 * POST /tickets (and reopen) answer 409 `{ error: "ERR_OTHER_OPEN_TICKET", message: "<JSON of this>" }`
 * when the contact already has a live ticket: the web names the user and queue, or opens it when it is the caller's.
 */
export interface OpenTicketConflict {
  id: number;
  uuid: string;
  status: TicketStatusValue;
  userId: number | null;
  user: { name: string } | null;
  queue: { name: string } | null;
}

/** PUT /tickets/{id} body (spec 000 §7). */
export interface TicketUpdateBody {
  status?: TicketStatusValue;
  userId?: number | null;
  queueId?: number | null;
  msgTransfer?: string;
  isTransfered?: boolean;
  sendFarewellMessage?: boolean;
  amountUsedBotQueues?: number;
  useIntegration?: boolean;
}

/** Realtime payloads (company namespace). */
export type TicketEvent = { action: "update"; ticket: TicketView } | { action: "updateUnread"; ticketId: number } | { action: "delete"; ticketId: number };
export type AppMessageEvent = { action: "create" | "update" | "delete"; message: MessageView; ticket: TicketView };
