import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";

export const META_KINDS = ["facebook", "instagram", "whatsappapi"] as const;
export type MetaKind = (typeof META_KINDS)[number];

/**
 * The Meta account behind one connection: a Facebook Page, an Instagram professional
 * account (reached through its linked Page) or a WhatsApp Cloud API phone number.
 * Webhooks name the account (page id, Instagram id, phone number id), so `account_id` is
 * unique per kind across every company: one account feeds exactly one connection.
 * `access_token` is sealed with the kernel's vault (never stored in clear).
 */
export const metaAccounts = sqliteTable(
  "meta_accounts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    kind: text("kind", { enum: META_KINDS }).notNull(),
    /** Page id (facebook), Instagram account id (instagram), phone number id (whatsappapi). */
    accountId: text("account_id").notNull(),
    /** The Page an Instagram account is linked to (its messages are sent through it); the page itself for facebook. */
    pageId: text("page_id"),
    /** The WhatsApp Business Account of a Cloud API number, when given. */
    wabaId: text("waba_id"),
    /** Sealed (vault) Page or system-user access token. */
    accessToken: text("access_token").notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("meta_accounts_kind_account_unique").on(t.kind, t.accountId),
    uniqueIndex("meta_accounts_whatsapp_unique").on(t.whatsappId),
    index("meta_accounts_company_idx").on(t.companyId),
  ],
);

/**
 * When each customer last wrote, per connection: Meta accepts free-form replies only
 * within 24 hours of it. `number` is the PSID / IGSID / wa_id the contact is stored with.
 */
export const metaLastInbound = sqliteTable(
  "meta_last_inbound",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    number: text("number").notNull(),
    /** Epoch milliseconds of the customer's latest message. */
    lastInboundAt: integer("last_inbound_at").notNull(),
  },
  (t) => [uniqueIndex("meta_last_inbound_wapp_number_unique").on(t.whatsappId, t.number), index("meta_last_inbound_company_idx").on(t.companyId)],
);

/**
 * Messages we sent, by recipient and time: Messenger reports deliveries and reads as a
 * watermark ("everything sent before this instant"), so the ids below it must be known
 * here. Kept for a week per conversation; `ack` is the highest level already reported.
 */
export const metaOutbound = sqliteTable(
  "meta_outbound",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    number: text("number").notNull(),
    providerId: text("provider_id").notNull(),
    sentAt: integer("sent_at").notNull(),
    ack: integer("ack").notNull().default(1),
  },
  (t) => [
    uniqueIndex("meta_outbound_wapp_provider_unique").on(t.whatsappId, t.providerId),
    index("meta_outbound_conversation_idx").on(t.whatsappId, t.number, t.sentAt),
    index("meta_outbound_company_idx").on(t.companyId),
  ],
);
