import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "../../../core/db/columns.ts";
import { companies, users } from "../../../core/db/tables.ts";

/**
 * An internal chat between users of one company (spec 000 §3 Internal chat). `uuid` names it
 * in the web address (`/chats/{uuid}`); `last_message` is the text of its newest message,
 * for the list. `updated_at` moves with every message and edit, and orders the list.
 */
export const chats = sqliteTable(
  "chats",
  {
    id: id(),
    uuid: text("uuid").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The creator, the only one who edits or deletes it; null once that user is deleted. */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    lastMessage: text("last_message").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("chats_uuid_idx").on(t.uuid), index("chats_company_updated_idx").on(t.companyId, t.updatedAt, t.id)],
);

/** A member of a chat and how many of its messages they have not read yet (spec 000 §3 users: userId, unreads). */
export const chatUsers = sqliteTable(
  "chat_users",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer("unreads").notNull().default(0),
    ...timestamps,
  },
  // A user's chats (list, unread total, room policy) come from (company_id, user_id, chat_id),
  // scoped by the company like every tenant read; a member appears once per chat.
  (t) => [uniqueIndex("chat_users_chat_user_idx").on(t.chatId, t.userId), index("chat_users_company_user_idx").on(t.companyId, t.userId, t.chatId)],
);

/** A message of a chat (spec 000 §3 Chat message: message, senderId, createdAt, chatId). */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Null once the sender's account is deleted: the message stays in the conversation. */
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    ...timestamps,
  },
  (t) => [index("chat_messages_chat_idx").on(t.chatId, t.id), index("chat_messages_company_idx").on(t.companyId)],
);
