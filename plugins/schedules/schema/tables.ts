import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";
import { contactsKey } from "../../contacts/schema/keys.contract.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";

/** PENDENTE waits for its (next) time, ENVIADA sent every time it had to, ERRO its last attempt failed (spec 000 §3). */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIADA", "ERRO"] as const;

/**
 * A message to a contact at a time (spec 000 §3 Schedule), repeated `enviarQuantasVezes`
 * times every `valorIntervalo` units of `intervalo`. `send_at` is the nominal time of the
 * current occurrence (what the user chose); `due_at` is when the sender acts next: the
 * business-day rule applied, or a retry's time, and NULL once nothing is left to send.
 */
export const schedules = sqliteTable(
  "schedules",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").notNull().references(contactsKey, { onDelete: "cascade" }),
    /** The creator: the signature's name and `{{user}}`. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** ISO-8601 instant of the current occurrence. */
    sendAt: text("send_at").notNull(),
    /** When it was last sent; the dialog is read-only once set. */
    sentAt: text("sent_at"),
    status: text("status", { enum: SCHEDULE_STATUSES }).notNull().default("PENDENTE"),
    openTicket: text("open_ticket", { enum: ["enabled", "disabled"] })
      .notNull()
      .default("enabled"),
    ticketUserId: integer("ticket_user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(queuesKey, { onDelete: "set null" }),
    statusTicket: text("status_ticket", { enum: ["open", "closed"] })
      .notNull()
      .default("closed"),
    /** The connection to send through; null for the company's default one. */
    whatsappId: integer("whatsapp_id").references(whatsappsKey, { onDelete: "set null" }),
    /** 1 days, 2 weeks, 3 months, 4 minutes. */
    intervalo: integer("intervalo").notNull().default(1),
    valorIntervalo: integer("valor_intervalo").notNull().default(0),
    enviarQuantasVezes: integer("enviar_quantas_vezes").notNull().default(1),
    /** 4 as chosen, 5 the business day before a weekend day, 6 the business day after. */
    tipoDias: integer("tipo_dias").notNull().default(4),
    assinar: bool("assinar").notNull().default(false),
    /** The stored file's name under the company's public folder (as quick messages keep theirs). */
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    mediaType: text("media_type"),
    /** The sender's state: see the table comment and server/schedule-sender.ts. */
    dueAt: integer("due_at"),
    /** Occurrences used up, sent or skipped (a missed occurrence of a series is not sent late). */
    occurrence: integer("occurrence").notNull().default(0),
    timesSent: integer("times_sent").notNull().default(0),
    /** Failed attempts at the current occurrence, and the last reason. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    ...timestamps,
  },
  (t) => [
    index("schedules_company_send_idx").on(t.companyId, t.sendAt, t.id),
    index("schedules_company_contact_idx").on(t.companyId, t.contactId),
    // The sender's one query per tick: only rows with something left to send are in it, so
    // an idle tick reads one index entry whatever the number of sent or future schedules.
    index("schedules_due_idx").on(t.dueAt).where(sql`due_at IS NOT NULL`),
  ],
);
