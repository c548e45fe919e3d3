import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies } from "../../../core/db/tables.ts";

/**
 * A company's queue integrations (spec 002 §3). `jsonContent` is a secret (a Dialogflow
 * service account, an n8n/webhook signing secret): stored sealed with the kernel's vault,
 * never answered back. A `flowbuilder` integration names its flow's id in `projectName`.
 */
export const queueIntegrations = sqliteTable(
  "queue_integrations",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["dialogflow", "n8n", "webhook", "typebot", "flowbuilder"] }).notNull(),
    projectName: text("project_name").notNull().default(""),
    /** Sealed (`v1.…`) or empty. */
    jsonContent: text("json_content").notNull().default(""),
    language: text("language").notNull().default(""),
    urlN8N: text("url_n8n").notNull().default(""),
    typebotSlug: text("typebot_slug").notNull().default(""),
    typebotExpires: integer("typebot_expires").notNull().default(1),
    typebotKeywordFinish: text("typebot_keyword_finish").notNull().default(""),
    typebotKeywordRestart: text("typebot_keyword_restart").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    ...timestamps,
  },
  (t) => [index("queue_integrations_company_idx").on(t.companyId)],
);

/**
 * A Typebot conversation per ticket: the chat API's session id, the input Typebot waits for
 * (a choice input's items, to number them), and the last activity (typebotExpires).
 */
export const integrationSessions = sqliteTable("integration_sessions", {
  ticketId: integer("ticket_id").primaryKey(),
  companyId: integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  integrationId: integer("integration_id").notNull(),
  sessionId: text("session_id").notNull(),
  /** JSON of the pending input (`{ type, items }`) or null. */
  input: text("input"),
  lastAt: integer("last_at").notNull(),
});
