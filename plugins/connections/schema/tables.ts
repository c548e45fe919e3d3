import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { CHANNELS, type OfficeHours, STATUSES } from "../shared/connection-rules.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";

/**
 * A company's connections ("whatsapps" after the spec's entity name). Times are whole
 * minutes (hours for expiresTicket as the spec's forms send numbers); dates are
 * ISO text. Office hours live in a JSON column: always read and written as one week.
 */
export const whatsapps = sqliteTable(
  "whatsapps",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    channel: text("channel", { enum: CHANNELS }).notNull().default("whatsapp"),
    status: text("status", { enum: STATUSES }).notNull().default("DISCONNECTED"),
    number: text("number").notNull().default(""),
    qrcode: text("qrcode").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    isDefault: bool("is_default").notNull().default(false),
    /** 30 letters and digits; changes only by regeneration. Bearer credential of the API channel. */
    token: text("token").notNull(),
    provider: text("provider").notNull().default("beta"),
    /** Where the API channel posts events (http/https). */
    webhookUrl: text("webhook_url").notNull().default(""),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    greetingMediaAttachment: text("greeting_media_attachment"),
    inactiveMessage: text("inactive_message").notNull().default(""),
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    timeSendQueue: integer("time_send_queue").notNull().default(0),
    sendIdQueue: integer("send_id_queue").references(queuesKey, { onDelete: "set null" }),
    expiresTicket: integer("expires_ticket").notNull().default(0),
    /** "0": by the last message of either side; "1": by the agent's last message only. */
    whenExpiresTicket: text("when_expires_ticket", { enum: ["0", "1"] })
      .notNull()
      .default("0"),
    expiresTicketNPS: integer("expires_ticket_nps").notNull().default(0),
    maxUseBotQueuesNPS: integer("max_use_bot_queues_nps").notNull().default(3),
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    timeInactiveMessage: integer("time_inactive_message").notNull().default(0),
    timeCreateNewTicket: integer("time_create_new_ticket").notNull().default(0),
    allowGroup: bool("allow_group").notNull().default(false),
    groupAsTicket: text("group_as_ticket", { enum: ["disabled", "enabled"] })
      .notNull()
      .default("disabled"),
    /** Integrations, prompts and flows come with later plugins: no foreign keys yet. */
    integrationId: integer("integration_id"),
    promptId: integer("prompt_id"),
    flowIdWelcome: integer("flow_id_welcome"),
    flowIdNotPhrase: integer("flow_id_not_phrase"),
    enableImportMessage: bool("enable_import_message").notNull().default(false),
    importRecentMessages: text("import_recent_messages"),
    importOldMessages: text("import_old_messages"),
    importOldMessagesGroups: bool("import_old_messages_groups").notNull().default(false),
    closedTicketsPostImported: bool("closed_tickets_post_imported").notNull().default(false),
    queueIdImportMessages: integer("queue_id_import_messages").references(queuesKey, { onDelete: "set null" }),
    statusImportMessages: text("status_import_messages"),
    collectiveVacationStart: text("collective_vacation_start"),
    collectiveVacationEnd: text("collective_vacation_end"),
    collectiveVacationMessage: text("collective_vacation_message").notNull().default(""),
    privacyLink: text("privacy_link").notNull().default(""),
    privacyGreeting: text("privacy_greeting").notNull().default(""),
    hideDeletedMessages: bool("hide_deleted_messages").notNull().default(false),
    alwaysAskConfirmation: bool("always_ask_confirmation").notNull().default(false),
    schedules: text("schedules", { mode: "json" }).$type<OfficeHours[]>().notNull().default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [
    index("whatsapps_company_idx").on(t.companyId),
    uniqueIndex("whatsapps_token_unique").on(t.token),
    // At most one default per company, whatever races the application rules lose.
    uniqueIndex("whatsapps_company_default_unique").on(t.companyId).where(sql.raw("is_default = 1")),
  ],
);

/** Which queues a connection serves. */
export const whatsappQueues = sqliteTable(
  "whatsapp_queues",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer("queue_id").notNull().references(queuesKey, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("whatsapp_queues_unique").on(t.whatsappId, t.queueId), index("whatsapp_queues_queue_idx").on(t.queueId)],
);

/**
 * A user's default connection (spec 001 §3 User `whatsappId`), answered on the user by this
 * plugin's user answer extension. One row per user that has one; none means null. Deleting
 * the connection, the user or the company removes the row.
 */
export const userDefaultConnections = sqliteTable(
  "user_default_connections",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
  },
  (t) => [index("user_default_connections_company_idx").on(t.companyId), index("user_default_connections_whatsapp_idx").on(t.whatsappId)],
);

/**
 * The connections other plugins may read (the ticket list shows a ticket's connection),
 * published as a view this plugin migrates; readers declare it with `.existing()`. Never
 * the token or the webhook: a plain projection of one table, so SQLite flattens it into the
 * reader's query.
 */
export const whatsappsView = sqliteView("whatsapps_view").as((qb) =>
  qb
    .select({
      id: whatsapps.id,
      companyId: whatsapps.companyId,
      name: whatsapps.name,
      channel: whatsapps.channel,
      groupAsTicket: whatsapps.groupAsTicket,
      // What the inbound automation step checks in the receive unit: whether the connection has anything to say.
      greetingMessage: whatsapps.greetingMessage,
      greetingMediaAttachment: whatsapps.greetingMediaAttachment,
      collectiveVacationMessage: whatsapps.collectiveVacationMessage,
      // What the tickets' lifecycle reads (issue 14): the expiry sweep's clocks per connection
      // and, in the receive unit, whether a recently closed ticket is reopened.
      expiresTicket: whatsapps.expiresTicket,
      whenExpiresTicket: whatsapps.whenExpiresTicket,
      expiresTicketNPS: whatsapps.expiresTicketNPS,
      timeInactiveMessage: whatsapps.timeInactiveMessage,
      timeCreateNewTicket: whatsapps.timeCreateNewTicket,
      // Who else may answer (ConnectionHandlers): the start rules of the flows, integrations and
      // prompts plugins read them in the receive unit, where a service call cannot run.
      integrationId: whatsapps.integrationId,
      promptId: whatsapps.promptId,
      flowIdWelcome: whatsapps.flowIdWelcome,
      flowIdNotPhrase: whatsapps.flowIdNotPhrase,
    })
    .from(whatsapps),
);

/** Which queues a connection serves, for readers in a write unit (the inbound automation step). */
export const whatsappQueuesView = sqliteView("whatsapp_queues_view").as((qb) =>
  qb.select({ companyId: whatsappQueues.companyId, whatsappId: whatsappQueues.whatsappId, queueId: whatsappQueues.queueId }).from(whatsappQueues),
);
