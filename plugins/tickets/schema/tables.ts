import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, nowIso, timeOrderedUuid, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";
import { contactsKey } from "../../contacts/schema/keys.contract.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";
import { tagsKey } from "../../tags/schema/keys.contract.ts";

/**
 * `nps`: resolved, waiting for the customer's rating; `lgpd`: waiting for the customer's
 * data consent (issue 14). Both are live: the customer's next message lands on them.
 */
export const TICKET_STATUSES = ["pending", "open", "closed", "group", "nps", "lgpd"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Spec 000 §4 "Ticket log types", plus issue 14's: `nps` (rating asked), `rated`, `lgpd` (consent asked), `lgpdAccepted`, `expired` (closed by expiry), `inactive` (idle warning sent);
 * and issue 24's: `handOver` (a registered handler took the conversation), `handBack` (it let the conversation go).
 */
export const TICKET_LOG_TYPES = [
  "create",
  "chatBot",
  "queue",
  "open",
  "access",
  "transfered",
  "receivedTransfer",
  "pending",
  "closed",
  "reopen",
  "redirect",
  "nps",
  "rated",
  "lgpd",
  "lgpdAccepted",
  "expired",
  "inactive",
  "handOver",
  "handBack",
] as const;
export type TicketLogType = (typeof TICKET_LOG_TYPES)[number];

/** Statuses of a contact's current conversation (covered by the partial unique index). */
export const LIVE_STATUSES = ["pending", "open", "group", "nps", "lgpd"] as const;

/** The name of the partial unique index the inbound pipeline's ON CONFLICT targets. */
export const LIVE_TICKET_INDEX = "tickets_live_unique";

/**
 * A conversation with one contact through one connection. At most ONE live ticket
 * (pending, open or group) per (company, contact, connection): a partial unique index
 * enforces it whatever races the application loses; closed tickets are history.
 */
export const tickets = sqliteTable(
  "tickets",
  {
    id: id(),
    /** Public handle used in /tickets/{uuid} links (time-ordered: the unique index grows at its end). */
    uuid: text("uuid")
      .notNull()
      .$defaultFn(() => timeOrderedUuid()),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("pending"),
    contactId: integer("contact_id").notNull().references(contactsKey, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    channel: text("channel").notNull().default("whatsapp"),
    lastMessage: text("last_message").notNull().default(""),
    unreadMessages: integer("unread_messages").notNull().default(0),
    isGroup: bool("is_group").notNull().default(false),
    /**
     * Who holds the conversation (shared/holder.contract.ts): null (nobody: new, or waiting in
     * a queue), `bot`, `attendant` or a hand-over handler `<kind>:<ref>`. The spec's `isBot`,
     * `useIntegration`, `integrationId` and `promptId` are derived from it.
     */
    holder: text("holder"),
    /** Prospecting value (spec "amount"). */
    amount: integer("amount").notNull().default(0),
    /**
     * Expiry clocks (issue 14), ISO text like the timestamps. `activity_at`: the last message
     * of the customer or an attendant, or the last change of status (automatic texts do not
     * count); `agent_activity_at`: the same for attendants only (`whenExpiresTicket` "1").
     * Null only on rows older than migration 0011, which backfills them.
     */
    activityAt: text("activity_at").$defaultFn(nowIso),
    agentActivityAt: text("agent_activity_at").$defaultFn(nowIso),
    /** When the inactivity warning (`inactiveMessage`) was sent; a warning older than the clock is for an earlier idle stretch. */
    warnedAt: text("warned_at"),
    /**
     * Report times (issue 24, server/tickets/ticket-times.ts): `accepted_at` is when an attendant
     * first took the ticket (open or group with a user), written once; `closed_at` when it was
     * last resolved (to `closed`, or to `nps` when the rating was asked; the rating's close keeps
     * it), null while live. Rows older than migration 0016 are backfilled from ticket_logs (0017).
     */
    acceptedAt: text("accepted_at"),
    closedAt: text("closed_at"),
    /**
     * The dashboard's durations kept at write time (issue 28; README "Read views for reports"),
     * by triggers of migration 0025 on tickets, ticket_logs and messages, so every path (the
     * services, an import, a fixture's SQL) keeps them: `queued_at` when the ticket entered the
     * queue (its creation, or the bot's first hand-over after it talked; null when the bot gave
     * it straight to an attendant), `first_customer_at` the customer's first message since then
     * (since the acceptance when there was no entry; null until accepted) and `first_reply_at`
     * the first attendant's reply at or after it. Logs after the acceptance never count.
     */
    queuedAt: text("queued_at"),
    firstCustomerAt: text("first_customer_at"),
    firstReplyAt: text("first_reply_at"),
    /**
     * The dashboard's three durations from those instants, whole milliseconds (migration 0026's
     * trigger keeps them whenever an instant changes): wait = accepted − queued (0 when the bot
     * gave it straight to an attendant, never negative; null until accepted), support = closed −
     * accepted (null until both), first response = first reply − first customer message. Kept
     * as integers so the dashboard's month of rows does no date arithmetic (issue 28).
     */
    waitMs: integer("wait_ms"),
    supportMs: integer("support_ms"),
    firstResponseMs: integer("first_response_ms"),
    /** The customer's NPS answer, 0 to 10 (the spec's userRating; the list shows it as 1 to 5). */
    userRating: integer("user_rating"),
    /** The rating was asked on this ticket: once closed it is never reopened by a later message (timeCreateNewTicket). */
    ratingAsked: bool("rating_asked").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tickets_uuid_unique").on(t.uuid),
    index("tickets_company_status_idx").on(t.companyId, t.status),
    // A contact's tickets; the visibility columns make the name search's count index-only.
    index("tickets_company_contact_idx").on(t.companyId, t.contactId, t.status, t.queueId, t.userId, t.isGroup),
    // The list indexes hold (updated_at, id) together, in the list's ORDER BY, so a page is
    // read in index order and stops after 40; the columns after them are those the WHERE
    // tests (visibility, filters), so pages, OFFSETs and counts never read the table.
    // The search view (every status, newest first; contact and message searches by id).
    index("tickets_company_updated_idx").on(t.companyId, t.updatedAt, t.id, t.contactId, t.status, t.queueId, t.userId, t.isGroup),
    uniqueIndex(LIVE_TICKET_INDEX).on(t.companyId, t.contactId, t.whatsappId).where(sql.raw("status IN ('pending', 'open', 'group', 'nps', 'lgpd')")),
    // The expiry sweep (issue 14): per connection and status, the tickets idle since before a
    // cut-off, oldest first, read as index ranges only (server/expiry/).
    // `warned_at` last: the warning's "not warned since the clock" is read from the index too.
    index("tickets_expiry_idx").on(t.whatsappId, t.status, t.activityAt, t.warnedAt),
    index("tickets_agent_expiry_idx").on(t.whatsappId, t.status, t.agentActivityAt, t.warnedAt),
    // The tabs: one status.
    index("tickets_list_idx").on(t.companyId, t.status, t.updatedAt, t.id, t.queueId, t.userId, t.isGroup),
    // One user's tickets of a status: the open tab without show-all, and the closed tab of
    // an attendant without allHistoric.
    index("tickets_user_status_idx").on(t.companyId, t.userId, t.status, t.updatedAt, t.id, t.queueId),
    // Reports over tickets_view (issue 24): a company's tickets created, or closed, in a date
    // range, read as one index range. created_at never changes and closed_at once per close,
    // so neither costs the inbound path more than its insert.
    // The created range also covers the dashboard (issue 28, plugins/reports): every column its
    // counters, leads and durations read sits in the index, so a month (~27k tickets) is read
    // from the index alone, never the table; `id` right after created_at keeps the report's
    // (created_at, id) order. The cost: a status, acceptance, close or rating rewrites its entry,
    // and so do the first customer message and the first reply (once each). The durations are
    // there as integers (wait_ms …), not their instants: the month's scan reads them as they are.
    index("tickets_company_created_idx").on(
      t.companyId,
      t.createdAt,
      t.id,
      t.status,
      t.userId,
      t.contactId,
      t.acceptedAt,
      t.closedAt,
      t.userRating,
      t.waitMs,
      t.supportMs,
      t.firstResponseMs,
    ),
    index("tickets_company_closed_idx").on(t.companyId, t.closedAt),
  ],
);

/**
 * One message of a ticket. (whatsapp_id, provider_id) is unique: a provider that
 * delivers the same message twice (webhook retries, reconnect replays) stores it once.
 */
export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").references(contactsKey, { onDelete: "set null" }),
    /** The connection it came through: scopes the provider's id. */
    whatsappId: integer("whatsapp_id").references(whatsappsKey, { onDelete: "set null" }),
    /** The provider's message id. */
    providerId: text("provider_id").notNull(),
    body: text("body").notNull().default(""),
    fromMe: bool("from_me").notNull().default(false),
    /** image, audio, video, application, … (spec 000 §3); "chat" for text. */
    mediaType: text("media_type").notNull().default("chat"),
    mediaUrl: text("media_url"),
    /** 0 pending … 5 done (spec 000 §4). */
    ack: integer("ack").notNull().default(0),
    isDeleted: bool("is_deleted").notNull().default(false),
    isEdited: bool("is_edited").notNull().default(false),
    isPrivate: bool("is_private").notNull().default(false),
    isForwarded: bool("is_forwarded").notNull().default(false),
    /** Who deleted it: "me" (an attendant) or "contact" (spec: 'apagada pelo contato'). */
    deletedBy: text("deleted_by", { enum: ["me", "contact"] }),
    quotedMsgId: integer("quoted_msg_id"),
    /** The attendant who wrote an outbound message (null for inbound, bots and the phone). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The ticket's queue when the message was written. */
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    /** In groups: the member who wrote it (number or name). */
    participant: text("participant"),
    /** Structured content by mediaType (location, vCard, list, buttons, PIX, reaction …) as JSON. */
    dataJson: text("data_json"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("messages_provider_unique").on(t.whatsappId, t.providerId),
    index("messages_company_idx").on(t.companyId),
    // A ticket's messages in time order; from_me, user_id and is_private after it (issue 28) so
    // the dashboard's first response (the customer's first message, the first human reply)
    // is found per ticket from the index alone. None of them changes after the insert.
    index("messages_ticket_created_idx").on(t.ticketId, t.createdAt, t.fromMe, t.userId, t.isPrivate),
    // A company's messages in a date range (GET /messages-allMe, issue 28): one index range, and
    // from_me / is_private beside it so the count never reads the table.
    index("messages_company_created_idx").on(t.companyId, t.createdAt, t.fromMe, t.isPrivate),
  ],
);

/** The history shown by "view log" (spec 000 §3 Ticket log entry). */
export const ticketLogs = sqliteTable(
  "ticket_logs",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    type: text("type", { enum: TICKET_LOG_TYPES }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [
    // Reports over ticket_logs_view (issue 24): a company's logs of a type in a date range. It
    // leads with company_id, so it is also the tenant index (it replaced ticket_logs_company_idx).
    // ticket_id and user_id after the range (issue 28): the dashboard's `create` and bot logs
    // are read from the index alone (logs are written once, so this costs only their insert).
    index("ticket_logs_company_type_created_idx").on(t.companyId, t.type, t.createdAt, t.ticketId, t.userId),
    index("ticket_logs_ticket_idx").on(t.ticketId),
  ],
);

/** Tags put on one ticket (the kanban lanes and the list's tag chips). */
export const ticketTags = sqliteTable(
  "ticket_tags",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer("tag_id").notNull().references(tagsKey, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [
    uniqueIndex("ticket_tags_unique").on(t.ticketId, t.tagId),
    // A tag's tickets, oldest link first: the kanban plugin's lane timer asks, per timed lane,
    // for the links made before its cutoff (a range on this index; nothing due, nothing read).
    index("ticket_tags_tag_created_idx").on(t.tagId, t.createdAt),
    // The list's tag filter (company and tag ids -> ticket ids) from this index alone, whatever the statistics.
    index("ticket_tags_company_tag_idx").on(t.companyId, t.tagId, t.ticketId),
  ],
);

/** Internal observations on a ticket (spec 000 §3 Note), never sent to the customer. */
export const ticketNotes = sqliteTable(
  "ticket_notes",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull().references(contactsKey, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    note: text("note").notNull(),
    ...timestamps,
  },
  (t) => [index("ticket_notes_company_idx").on(t.companyId), index("ticket_notes_ticket_idx").on(t.ticketId), index("ticket_notes_contact_idx").on(t.contactId)],
);

/**
 * A user's ticket-list preferences: the width of the list panel (spec 001 §5, 000 §9
 * `defaultTicketsManagerWidth`, 404 to 700 pixels), answered on the user by this plugin's
 * user answer extension. A user without a row answers the default width.
 */
export const ticketListPreferences = sqliteTable(
  "ticket_list_preferences",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
  },
  (t) => [index("ticket_list_preferences_company_idx").on(t.companyId)],
);

/**
 * A user's own farewell (spec 001 §3 User `farewellMessage`): said when they resolve a ticket
 * with the farewell, before the connection's `complationMessage`, and answered on the user by
 * this plugin's user answer extension. Only non-empty messages have a row; a user without one
 * answers "". Named like connections' `user_default_connections`: one row per user, not per ticket.
 */
export const userFarewellMessages = sqliteTable(
  "user_farewell_messages",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
  },
  (t) => [index("user_farewell_messages_company_idx").on(t.companyId)],
);

/**
 * Which tags each ticket carries and since when, published for the kanban plugin (lane
 * counts, the lane timer, the customer's return to a lane). A plain projection of one table,
 * so SQLite flattens it into readers' queries; readers declare it with `.existing()`.
 */
export const ticketTagsView = sqliteView("ticket_tags_view").as((qb) =>
  qb.select({ id: ticketTags.id, companyId: ticketTags.companyId, ticketId: ticketTags.ticketId, tagId: ticketTags.tagId, createdAt: ticketTags.createdAt }).from(ticketTags),
);

/**
 * Customer ratings (NPS, issue 14): one per rated ticket, with who attended, the queue and
 * the connection at the time, for the dashboard's NPS. `rate` is the answer, 0 to 10.
 */
export const ticketRatings = sqliteTable(
  "ticket_ratings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    whatsappId: integer("whatsapp_id").references(whatsappsKey, { onDelete: "set null" }),
    rate: integer("rate").notNull(),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex("ticket_ratings_ticket_unique").on(t.ticketId), index("ticket_ratings_company_created_idx").on(t.companyId, t.createdAt)],
);

/*
 * The read models reports use (issue 24; README "Read views for reports"). Each is a plain
 * projection of one table, so SQLite flattens it into the reader's query and the plan is the
 * table's own: a report reads a company's rows in a date range through the indexes above
 * (tickets_company_created_idx / tickets_company_closed_idx, ticket_logs_company_type_created_idx,
 * ticket_ratings_company_created_idx). Readers declare them with `.existing()` and a dependsOn on
 * tickets, and always bind company_id: a view holds every company's rows.
 */

/**
 * Tickets with their report times. `channel` is the spec's channel (the API channel as
 * `whatsapp`), `channel_kind` the driver; `user_rating` the NPS answer 0 to 10 (null unrated).
 * Wait time: accepted_at - created_at; support time: closed_at - accepted_at.
 */
export const ticketsReadView = sqliteView("tickets_view").as((qb) =>
  qb
    .select({
      id: tickets.id,
      uuid: tickets.uuid,
      companyId: tickets.companyId,
      status: tickets.status,
      contactId: tickets.contactId,
      whatsappId: tickets.whatsappId,
      queueId: tickets.queueId,
      userId: tickets.userId,
      channel: sql<string>`case when ${tickets.channel} in ('whatsapp', 'whatsappapi', 'facebook', 'instagram') then ${tickets.channel} else 'whatsapp' end`.as("channel"),
      channelKind: sql<string>`${tickets.channel}`.as("channel_kind"),
      isGroup: tickets.isGroup,
      lastMessage: tickets.lastMessage,
      userRating: tickets.userRating,
      ratingAsked: tickets.ratingAsked,
      createdAt: tickets.createdAt,
      acceptedAt: tickets.acceptedAt,
      closedAt: tickets.closedAt,
      queuedAt: tickets.queuedAt,
      firstCustomerAt: tickets.firstCustomerAt,
      firstReplyAt: tickets.firstReplyAt,
      waitMs: tickets.waitMs,
      supportMs: tickets.supportMs,
      firstResponseMs: tickets.firstResponseMs,
      updatedAt: tickets.updatedAt,
    })
    .from(tickets),
);

/** The ticket log (spec 000 §4 types plus issue 14's): who did what to which ticket, in which queue, when. */
export const ticketLogsReadView = sqliteView("ticket_logs_view").as((qb) =>
  qb
    .select({
      id: ticketLogs.id,
      companyId: ticketLogs.companyId,
      ticketId: ticketLogs.ticketId,
      type: ticketLogs.type,
      userId: ticketLogs.userId,
      queueId: ticketLogs.queueId,
      createdAt: ticketLogs.createdAt,
    })
    .from(ticketLogs),
);

/**
 * Who wrote when in a ticket (issue 28: the dashboard's first response), without the content:
 * `from_me` the company's, `user_id` the attendant who wrote it (null: the customer, a bot, the
 * phone), `is_private` an internal note. Read per ticket through messages_ticket_created_idx.
 */
export const ticketMessagesReadView = sqliteView("ticket_messages_view").as((qb) =>
  qb
    .select({
      id: messages.id,
      companyId: messages.companyId,
      ticketId: messages.ticketId,
      fromMe: messages.fromMe,
      userId: messages.userId,
      isPrivate: messages.isPrivate,
      createdAt: messages.createdAt,
    })
    .from(messages),
);

/** The NPS answers: one per rated ticket, with the attendant, queue and connection at the time (rate 0 to 10). */
export const ticketRatingsReadView = sqliteView("ticket_ratings_view").as((qb) =>
  qb
    .select({
      id: ticketRatings.id,
      companyId: ticketRatings.companyId,
      ticketId: ticketRatings.ticketId,
      rate: ticketRatings.rate,
      userId: ticketRatings.userId,
      queueId: ticketRatings.queueId,
      whatsappId: ticketRatings.whatsappId,
      createdAt: ticketRatings.createdAt,
    })
    .from(ticketRatings),
);
