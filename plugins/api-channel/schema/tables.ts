import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, id, nowIso } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";

/**
 * One attempt to post a webhook to an API connection's webhookUrl: the delivery log the
 * settings tab shows. Every attempt is a row (a failure then a success are two rows);
 * the latest 1,000 rows per connection are listed and kept (trimmed every 16 attempts). The payload is stored so an admin can
 * send it again.
 */
export const apiWebhookDeliveries = sqliteTable(
  "api_webhook_deliveries",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    /** message.created, message.updated, message.deleted, message.ack, ticket.updated, ticket.deleted. */
    event: text("event").notNull(),
    url: text("url").notNull(),
    /** The receiver's HTTP status; null when no answer came (timeout, refused, bad URL). */
    statusCode: integer("status_code"),
    ok: bool("ok").notNull().default(false),
    error: text("error"),
    /** 1 for the first attempt of one logical delivery (same `key`), then 2, 3 … */
    attempt: integer("attempt").notNull().default(1),
    durationMs: integer("duration_ms").notNull().default(0),
    /** Names one logical delivery across its attempts (e.g. "message.created:<providerId>"). */
    key: text("key").notNull(),
    /** The exact JSON body that was signed and posted. */
    payload: text("payload").notNull(),
    createdAt: text("created_at").notNull().$defaultFn(nowIso),
  },
  (t) => [index("api_webhook_deliveries_company_wapp_idx").on(t.companyId, t.whatsappId, t.id), index("api_webhook_deliveries_wapp_key_idx").on(t.whatsappId, t.key)],
);
