/**
 * The JSON shapes of the conversations API (spec 000 §3 and §7), shared by the server's
 * serialisers and the web client. Answers are inferred from the routes' zod schemas (the
 * OpenAPI document's source), so no shape is written twice. Type-only: nothing of the server is bundled.
 */
import type { z } from "@hono/zod-openapi";
import type { MessageAck } from "../../channels/channel-driver.contract.ts";
import type { MessageListSchema, MessageSchema, QuotedMessageSchema } from "../server/messages/messages.schemas.ts";
import type { TicketNote } from "../server/notes/ticket-notes.schemas.ts";
import type { TagChipSchema, TicketContactSchema, TicketLogSchema, TicketPage, TicketSchema, TicketUpdateSchema } from "../server/tickets/tickets.schemas.ts";

export const TICKET_STATUS_VALUES = ["pending", "open", "closed", "group", "nps", "lgpd"] as const;
export type TicketStatusValue = (typeof TICKET_STATUS_VALUES)[number];

/**
 * The lists the workspace asks for: its tabs, plus the tickets waiting for the customer
 * (issue 14), shown at the top of a tab: `nps` (waiting for a rating) in Resolved, `lgpd`
 * (waiting for a consent) in Pending.
 */
export type TicketListKind = TicketTab | "nps" | "lgpd";

/** Tabs of the workspace; "search" is a view over every status, not a status. */
export type TicketTab = "open" | "pending" | "group" | "closed" | "search";

/** Message ack: 0 pending, 1 sent, 2 delivered, 3 and 4 read (played for audio), 5 done; drivers report it. */
export type { MessageAck };

/** A tag as a ticket lists it. */
export type TagChip = z.infer<typeof TagChipSchema>;

/** The contact as a ticket shows it. `number` is LGPD-masked for plain users when lgpdHideNumber is enabled; `active` false = blocked. */
export type TicketContact = z.infer<typeof TicketContactSchema>;

/** A ticket as the API answers it; `userRating` comes with the NPS plugin (null until rated). */
export type TicketView = z.infer<typeof TicketSchema>;

/** GET /tickets */
export type TicketListResponse = z.infer<typeof TicketPage>;

/** Query of GET /tickets (spec 000 §7). Array filters travel as JSON strings, e.g. queueIds=[1,2]. */
export interface TicketListQuery {
  searchParam?: string;
  pageNumber?: number;
  /** JSON array of tag ids. */
  tags?: string;
  /** JSON array of user ids (admin filter). */
  users?: string;
  /** One status (the tab or a waiting list), or "search". */
  status?: TicketListKind;
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

export type QuotedMessageView = z.infer<typeof QuotedMessageSchema>;

/** A message as the API answers it (`ack`: the drivers' MessageAck). */
export type MessageView = z.infer<typeof MessageSchema>;

/** GET /messages/{ticketUuid}: newest page first from the server; `messages` are in ascending time order. */
export type MessageListResponse = z.infer<typeof MessageListSchema>;

export type TicketLogView = z.infer<typeof TicketLogSchema>;

/** A ticket note (POST /ticket-notes, GET /ticket-notes/list). */
export type TicketNoteView = z.infer<typeof TicketNote>;

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
export type TicketUpdateBody = z.input<typeof TicketUpdateSchema>;

/** Realtime payloads (company namespace). */
export type TicketEvent = { action: "update"; ticket: TicketView } | { action: "updateUnread"; ticketId: number } | { action: "delete"; ticketId: number };
export type AppMessageEvent = { action: "create" | "update" | "delete"; message: MessageView; ticket: TicketView };
