import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";

/**
 * A company's contacts. (company_id, number) is unique: the inbound pipeline inserts with
 * ON CONFLICT DO NOTHING on it, so one number is never two contacts of one company.
 */
export const contacts = sqliteTable(
  "contacts",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Digits only (see shared/phone.ts), or a group id for groups. */
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    /** false = blocked (spec 000 §4). */
    active: bool("active").notNull().default(true),
    acceptAudioMessage: bool("accept_audio_message").notNull().default(true),
    disableBot: bool("disable_bot").notNull().default(false),
    lgpdAcceptedAt: text("lgpd_accepted_at"),
    urlPicture: text("url_picture").notNull().default(""),
    channel: text("channel").notNull().default("whatsapp"),
    /** The connection the contact last spoke through; the connections plugin owns that table. */
    whatsappId: integer("whatsapp_id"),
    isGroup: bool("is_group").notNull().default(false),
    /**
     * The contact's wallet owner: an attendant of the company who gets the contact's new
     * tickets straight away when the company enables `DirectTicketsToWallets`.
     */
    walletUserId: integer("wallet_user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contacts_company_number_unique").on(t.companyId, t.number),
    index("contacts_company_name_idx").on(t.companyId, t.name),
    // A narrow copy of (id → company, name) for contact_names_view: a report's thousands of name
    // lookups read ~30 bytes an entry instead of the contact's whole row.
    index("contacts_id_name_idx").on(t.id, t.companyId, t.name),
  ],
);

/** Free name/value pairs shown in the contact drawer. */
export const contactExtraInfo = sqliteTable(
  "contact_extra_info",
  {
    id: id(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("contact_extra_info_contact_idx").on(t.contactId)],
);

/**
 * The contacts other plugins may read (the ticket list's joins, notes' checks), published as
 * a view this plugin migrates: readers declare it with `sqliteView(…).existing()` and never
 * name the table. A plain projection of one table, so SQLite flattens it into the reader's
 * query and its plans stay those of the table.
 */
export const contactsView = sqliteView("contacts_view").as((qb) =>
  qb
    .select({
      id: contacts.id,
      companyId: contacts.companyId,
      name: contacts.name,
      number: contacts.number,
      email: contacts.email,
      urlPicture: contacts.urlPicture,
      disableBot: contacts.disableBot,
      active: contacts.active,
      acceptAudioMessage: contacts.acceptAudioMessage,
      channel: contacts.channel,
      isGroup: contacts.isGroup,
    })
    .from(contacts),
);

/**
 * A contact's name by id, for readers that look up many (a report's every row): read from
 * contacts_id_name_idx only (INDEXED BY), whose pages hold ~130 names each instead of the whole
 * rows' ~35, so a month's 27,000 lookups stay in a small page cache (issue 28: the big report page's
 * walk 104 → 84 ms of CPU). Only for lookups by id: any other filter would scan the index.
 */
export const contactNamesView = sqliteView("contact_names_view", {
  id: integer("id").notNull(),
  companyId: integer("company_id").notNull(),
  name: text("name").notNull(),
}).as(sql`select "id", "company_id", "name" from "contacts" indexed by "contacts_id_name_idx"`);
