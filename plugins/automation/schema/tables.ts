import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { companies } from "../../../core/db/tables.ts";
import { queuesKey } from "../../queues/schema/keys.contract.ts";
import { ticketsKey } from "../../tickets/schema/keys.contract.ts";
import type { BotState } from "../server/engine/bot-state.ts";

/**
 * Where the bot is with each ticket it ever handled (the engine's `BotState`), one row per
 * ticket, gone with it. `version` serialises turns of one ticket: a turn writes its state
 * with `WHERE version = <read>`, so two turns that raced cannot both land.
 * `last_message_id` is the newest customer message already answered: a turn for a message
 * at or below it does nothing (exactly once, and two messages together get one answer).
 */
export const automationBotStates = sqliteTable(
  "automation_bot_states",
  {
    ticketId: integer("ticket_id").primaryKey().references(ticketsKey, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    state: text("state", { mode: "json" }).$type<BotState>().notNull(),
    version: integer("version").notNull().default(0),
    lastMessageId: integer("last_message_id").notNull().default(0),
  },
  (t) => [index("automation_bot_states_company_idx").on(t.companyId)],
);

/** The rotation's round-robin cursor per queue: the attendant who got the last ticket. */
export const automationRotationCursors = sqliteTable(
  "automation_rotation_cursors",
  {
    queueId: integer("queue_id").primaryKey().references(queuesKey, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    lastUserId: integer("last_user_id"),
  },
  (t) => [index("automation_rotation_cursors_company_idx").on(t.companyId)],
);
