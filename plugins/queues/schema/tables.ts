import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, index, integer, sqliteTable, sqliteView, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";
import { CHATBOT_TYPES, type QueueSchedule } from "../shared/queue-rules.ts";

/**
 * A company's queues. The office hours live in a JSON column: they are always read and
 * written as one week together with their queue (never queried day by day), so one row
 * keeps the write atomic and the read a single lookup.
 */
export const queues = sqliteTable(
  "queues",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    orderQueue: integer("order_queue"),
    greetingMessage: text("greeting_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    closeTicket: bool("close_ticket").notNull().default(false),
    ativarRoteador: bool("ativar_roteador").notNull().default(false),
    tempoRoteador: integer("tempo_roteador").notNull().default(2),
    /** Owned by the queue-integrations plugin (not installed yet): no foreign key. */
    integrationId: integer("integration_id"),
    /** Owned by the file-lists plugin (not installed yet): no foreign key. */
    fileListId: integer("file_list_id"),
    schedules: text("schedules", { mode: "json" }).$type<QueueSchedule[]>().notNull().default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [index("queues_company_idx").on(t.companyId), uniqueIndex("queues_company_color_unique").on(t.companyId, sql`lower(${t.color})`)],
);

/**
 * Chatbot options: a tree per queue. Top-level options have no parent; nested steps point
 * at their parent and go with it. `queueId` is kept on every row of the tree so a queue's
 * whole tree is one indexed read and goes away with the queue.
 */
export const chatbots = sqliteTable(
  "chatbots",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => chatbots.id, { onDelete: "cascade" }),
    /** Place among its siblings (0 first). */
    position: integer("position").notNull().default(0),
    name: text("name").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    queueType: text("queue_type", { enum: CHATBOT_TYPES }).notNull().default("text"),
    closeTicket: bool("close_ticket").notNull().default(false),
    optQueueId: integer("opt_queue_id").references(() => queues.id, { onDelete: "set null" }),
    optUserId: integer("opt_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Integrations and file lists come with later plugins: no foreign keys yet. */
    optIntegrationId: integer("opt_integration_id"),
    optFileId: integer("opt_file_id"),
    ...timestamps,
  },
  (t) => [index("chatbots_company_idx").on(t.companyId), index("chatbots_queue_idx").on(t.queueId), index("chatbots_parent_idx").on(t.parentId)],
);

/** Which users work which queues. */
export const userQueues = sqliteTable(
  "user_queues",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [index("user_queues_company_idx").on(t.companyId), uniqueIndex("user_queues_user_queue_unique").on(t.userId, t.queueId), index("user_queues_queue_idx").on(t.queueId)],
);

/**
 * The queues other plugins may read (names and colours beside tickets and connections),
 * published as a view this plugin migrates; readers declare it with `.existing()`. A plain
 * projection of one table, so SQLite flattens it into the reader's query.
 */
export const queuesView = sqliteView("queues_view").as((qb) => qb.select({ id: queues.id, companyId: queues.companyId, name: queues.name, color: queues.color }).from(queues));
