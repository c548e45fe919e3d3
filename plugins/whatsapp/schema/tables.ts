import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, nowIso } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";
import { ticketsKey } from "../../tickets/schema/keys.contract.ts";

/**
 * A session's Signal keys and credentials (Baileys' AuthenticationState), one row per
 * key: `type` is "creds" (key_id "creds") or a SignalDataTypeMap key ("pre-key",
 * "session", "sender-key", "app-state-sync-key", …). `value` is sealed with the kernel's
 * Vault (BufferJSON text, AES-GCM): a copied database file reveals no session.
 */
export const whatsappAuthKeys = sqliteTable(
  "whatsapp_auth_keys",
  {
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    keyId: text("key_id").notNull(),
    value: text("value").notNull(),
    updatedAt: text("updated_at").notNull().$defaultFn(nowIso),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.keyId] }), index("whatsapp_auth_keys_company_idx").on(t.companyId)],
);

/**
 * Who drives a session: one process at a time. A node takes or renews the lease with a
 * conditional upsert (free, expired, or already its own) and drops the session when a
 * renewal fails, so two nodes never drive the same number.
 */
export const whatsappSessionLeases = sqliteTable("whatsapp_session_leases", {
  whatsappId: integer("whatsapp_id").primaryKey().references(whatsappsKey, { onDelete: "cascade" }),
  owner: text("owner").notNull(),
  /** Epoch milliseconds. */
  expiresAt: integer("expires_at").notNull(),
});

/**
 * WhatsApp's `@lid` identities mapped to phone numbers, so one person is one contact
 * whichever identity a message carries. Learnt from messages that carry both
 * (`key.remoteJidAlt` / `participantAlt`) and from Baileys' `lid-mapping.update`.
 */
export const whatsappLidMap = sqliteTable(
  "whatsapp_lid_map",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The lid user part, without the server ("12345678901234"). */
    lid: text("lid").notNull(),
    /** The phone number, digits only. */
    number: text("number").notNull(),
    updatedAt: text("updated_at").notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex("whatsapp_lid_map_company_lid_unique").on(t.companyId, t.lid)],
);

/** Tickets a history import opened, so `POST /closedimported/{id}` closes exactly those. */
export const whatsappImportedTickets = sqliteTable(
  "whatsapp_imported_tickets",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    ticketId: integer("ticket_id").notNull().references(ticketsKey, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("whatsapp_imported_tickets_unique").on(t.whatsappId, t.ticketId)],
);

/**
 * Polls received or sent, kept so later votes can be read: WhatsApp encrypts each vote
 * with the poll's secret, bound to the poll's creator and the voter. `votes` holds each
 * voter's latest choice (option names), from which the stored message shows the counts.
 */
export const whatsappPolls = sqliteTable(
  "whatsapp_polls",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    /** The poll message's WhatsApp id (its provider id in the tickets plugin). */
    providerId: text("provider_id").notNull(),
    /** Who created it, as a normalised jid ("5511…@s.whatsapp.net" or "…@lid"). */
    creatorJid: text("creator_jid").notNull(),
    /** messageContextInfo.messageSecret, sealed with the kernel's Vault. */
    secret: text("secret").notNull(),
    question: text("question").notNull(),
    options: text("options", { mode: "json" }).$type<string[]>().notNull(),
    votes: text("votes", { mode: "json" }).$type<Record<string, string[]>>().notNull(),
  },
  (t) => [uniqueIndex("whatsapp_polls_message_unique").on(t.whatsappId, t.providerId)],
);

/**
 * The phone's address book as WhatsApp shares it with a linked device (`contacts.upsert`,
 * `contacts.update`, a history sync's `contacts`): the number, the name saved on the phone and
 * the name the person gave themselves. Read by the contacts import ("Import from WhatsApp").
 */
export const whatsappContacts = sqliteTable(
  "whatsapp_contacts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    /** Digits only. */
    number: text("number").notNull(),
    /** The name saved in the phone's address book ("" when the person is not saved there). */
    name: text("name").notNull().default(""),
    /** The person's own WhatsApp name (push name). */
    notify: text("notify").notNull().default(""),
    updatedAt: text("updated_at").notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex("whatsapp_contacts_connection_number_unique").on(t.whatsappId, t.number), index("whatsapp_contacts_company_idx").on(t.companyId)],
);

/**
 * The people a connection has one-to-one chats with, as WhatsApp lists its chats to a linked
 * device (a history sync's `chats`, `chats.upsert`, `chats.update`; `chats.delete` removes
 * one). Read by the contacts import's "import the chats' contacts" (`POST /contacts/import/chats`).
 */
export const whatsappChats = sqliteTable(
  "whatsapp_chats",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    /** Digits only. */
    number: text("number").notNull(),
    /** The chat's name as WhatsApp gives it ("" when it gave none). */
    name: text("name").notNull().default(""),
    updatedAt: text("updated_at").notNull().$defaultFn(nowIso),
  },
  (t) => [uniqueIndex("whatsapp_chats_connection_number_unique").on(t.whatsappId, t.number), index("whatsapp_chats_company_idx").on(t.companyId)],
);
