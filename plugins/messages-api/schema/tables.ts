import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";
import { whatsappsKey } from "../../connections/schema/keys.contract.ts";

/**
 * One `Idempotency-Key` a connection's token used, with the answer it got. Written in the
 * same transaction as the message it sent, so a stored key always means "sent" and a crash
 * can never leave a send without its key (or a key without its send). Unique per connection:
 * two requests racing with one key serialise on the index and the loser reads the winner's
 * answer. Kept 24 hours (`created_at`, Unix ms), then swept.
 */
export const messagesApiRequests = sqliteTable(
  "messages_api_requests",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").notNull().references(whatsappsKey, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** SHA-256 of the request's fields and files: the same key with another body is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The JSON answer the first request got (202). */
    answer: text("answer").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("messages_api_requests_key_idx").on(t.whatsappId, t.idempotencyKey),
    index("messages_api_requests_company_idx").on(t.companyId),
    index("messages_api_requests_created_idx").on(t.createdAt),
  ],
);
