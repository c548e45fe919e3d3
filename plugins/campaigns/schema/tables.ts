import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";
import { contactsKey } from "../../contacts/schema/keys.contract.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";

/*
 * The company setting `campaignsEnabled` (migration 0000) lives in the kernel's
 * company_settings; this plugin's own tables follow (README.md).
 */

/** A named list of numbers a campaign sends to (spec 002 §3 Contact list). */
export const contactLists = sqliteTable(
  "contact_lists",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, t.name)],
);

/** One number of a list (spec 002 §3 Contact list item); not a contact until a campaign sends to it. */
export const contactListItems = sqliteTable(
  "contact_list_items",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits only. */
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    /** Whether the number is on WhatsApp; true where the channel cannot tell (README.md). */
    isWhatsappValid: bool("is_whatsapp_valid").notNull().default(true),
    ...timestamps,
  },
  (t) => [index("contact_list_items_list_idx").on(t.contactListId, t.id), index("contact_list_items_company_idx").on(t.companyId)],
);

export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;

/** A bulk send (spec 002 §3 Campaign); its runtime state is `run` and its shipping rows. */
export const campaigns = sqliteTable(
  "campaigns",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    message1: text("message1").notNull().default(""),
    message2: text("message2").notNull().default(""),
    message3: text("message3").notNull().default(""),
    message4: text("message4").notNull().default(""),
    message5: text("message5").notNull().default(""),
    confirmationMessage1: text("confirmation_message1").notNull().default(""),
    confirmationMessage2: text("confirmation_message2").notNull().default(""),
    confirmationMessage3: text("confirmation_message3").notNull().default(""),
    confirmationMessage4: text("confirmation_message4").notNull().default(""),
    confirmationMessage5: text("confirmation_message5").notNull().default(""),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mediaType: text("media_type"),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("INATIVA"),
    confirmation: bool("confirmation").notNull().default(false),
    /** ISO-8601 instant; null: not scheduled (INATIVA). */
    scheduledAt: text("scheduled_at"),
    completedAt: text("completed_at"),
    contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
    tagListId: integer("tag_list_id"),
    whatsappId: integer("whatsapp_id").references(whatsappsKey, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    statusTicket: text("status_ticket", { enum: ["closed", "pending", "open"] })
      .notNull()
      .default("closed"),
    openTicket: text("open_ticket", { enum: ["enabled", "disabled"] })
      .notNull()
      .default("disabled"),
    /** Bumped by each start and restart: a shipping job of an earlier run does nothing. */
    run: integer("run").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("campaigns_company_idx").on(t.companyId, t.id)],
);

/** Pacing and hours per company (spec 002 §3 Campaign settings): one row per key, JSON values. */
export const campaignSettings = sqliteTable(
  "campaign_settings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_settings_company_key_unique").on(t.companyId, t.key)],
);

/**
 * One target of one campaign (spec 002 §3 "Shipping records"): created when the campaign
 * starts, each sent exactly once (the shipping job marks it in the transaction that stores
 * the message). `number` is the target's key within the campaign (one row per number).
 */
export const campaignShippings = sqliteTable(
  "campaign_shippings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactListItemId: integer("contact_list_item_id").references(() => contactListItems.id, { onDelete: "set null" }),
    /** The contact it went to (found or created when sent); set from the start for tag targets. */
    contactId: integer("contact_id").references(contactsKey, { onDelete: "set null" }),
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    /** 1..5: which message (and confirmation message) this target got, chosen at random among the non-empty. */
    variant: integer("variant").notNull(),
    confirmationVariant: integer("confirmation_variant"),
    confirmationRequestedAt: text("confirmation_requested_at"),
    confirmedAt: text("confirmed_at"),
    deliveredAt: text("delivered_at"),
    /** The campaign message as stored by the tickets plugin (its read ack sets `readAt`). */
    messageId: integer("message_id"),
    /** When the channel said the campaign message was read (ack ≥ 3), first time. */
    readAt: text("read_at"),
    /** When the contact first wrote on the campaign's connection after the message was sent. */
    repliedAt: text("replied_at"),
    /** Set when the channel refused the target for good (an invalid number): skipped, not retried. */
    failedAt: text("failed_at"),
    error: text("error"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("campaign_shippings_campaign_number_unique").on(t.campaignId, t.number),
    index("campaign_shippings_company_idx").on(t.companyId),
    // The chain's "next row after this one" and a batch's rows: a range of ids within the campaign.
    index("campaign_shippings_campaign_idx").on(t.campaignId, t.id),
    // The opt-out step's lookup per customer message: did a campaign reach this contact?
    index("campaign_shippings_contact_idx").on(t.contactId),
    // The read ack's one lookup per read message: only campaign messages are in it.
    index("campaign_shippings_message_idx").on(t.messageId).where(sql`message_id IS NOT NULL`),
    // The after-inbound step's one lookup per customer message: only rows waiting for a reply are in it.
    index("campaign_shippings_awaiting_idx").on(t.contactId).where(sql`confirmation_requested_at IS NOT NULL AND confirmed_at IS NULL AND delivered_at IS NULL`),
  ],
);

/**
 * The company's opt-out list (issue 25 "Opt-out"): numbers every later campaign skips. A row
 * comes from a contact answering a stop word (`source` "reply") or from an admin ("manual").
 */
export const campaignSuppressions = sqliteTable(
  "campaign_suppressions",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Digits only, as campaign targets store it. */
    number: text("number").notNull(),
    contactId: integer("contact_id").references(contactsKey, { onDelete: "set null" }),
    source: text("source", { enum: ["reply", "manual"] }).notNull(),
    /** When the opt-out confirmation was stored (a "reply" row gets one, once). */
    repliedAt: text("replied_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_suppressions_company_number_unique").on(t.companyId, t.number)],
);
