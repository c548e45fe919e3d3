import { and, asc, count, desc, eq, inArray, sql, sum } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { users } from "../../../core/db/tables.ts";
import { chatMessages, chats, chatUsers } from "../schema/tables.ts";
import type { ChatMemberView, ChatMessagePageView, ChatMessageView, ChatPageView, ChatView } from "../shared/chat-types.ts";
import { CHATS_PAGE_SIZE, MESSAGES_PAGE_SIZE } from "./chats.schemas.ts";

export type ChatRow = typeof chats.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

/** Reads shaped as the API answers them (spec 000 §3): a chat with its members, a message with its sender. */
export class ChatViews {
  constructor(private db: Db) {}

  /** The chat by id or uuid, of the company, only when `userId` is one of its members. */
  async memberChat(companyId: number, userId: number, ref: number | string): Promise<ChatRow | null> {
    const [row] = await this.db
      .select({ chat: chats })
      .from(chats)
      .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId)))
      .where(and(eq(chats.companyId, companyId), typeof ref === "number" ? eq(chats.id, ref) : eq(chats.uuid, ref)))
      .limit(1);
    return row?.chat ?? null;
  }

  /** The member ids of a chat. */
  async memberIds(chatId: number): Promise<number[]> {
    const rows = await this.db.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, chatId));
    return rows.map((r) => r.userId);
  }

  /** The ids of the chats a user is a member of (their sockets' rooms). */
  async chatIdsOf(companyId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ chatId: chatUsers.chatId })
      .from(chatUsers)
      .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId)));
    return rows.map((r) => r.chatId);
  }

  async one(row: ChatRow): Promise<ChatView> {
    return (await this.many([row]))[0]!;
  }

  /** Chats with their members, in one query for all of them. */
  async many(rows: ChatRow[]): Promise<ChatView[]> {
    if (!rows.length) return [];
    const members = await this.db
      .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
      .from(chatUsers)
      .innerJoin(users, eq(users.id, chatUsers.userId))
      .where(
        inArray(
          chatUsers.chatId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(chatUsers.id));
    const byChat = new Map<number, ChatMemberView[]>();
    for (const m of members) {
      const list = byChat.get(m.chatId) ?? [];
      list.push({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } });
      byChat.set(m.chatId, list);
    }
    return rows.map((r) => ({
      id: r.id,
      uuid: r.uuid,
      companyId: r.companyId,
      title: r.title,
      ownerId: r.ownerId,
      lastMessage: r.lastMessage,
      users: byChat.get(r.id) ?? [],
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }));
  }

  /** The caller's chats, latest activity first, searched in the title; with their unread total. */
  async page(companyId: number, userId: number, q: { searchParam: string; pageNumber: number }): Promise<ChatPageView> {
    const term = q.searchParam.trim().toLowerCase();
    const mine = and(eq(chatUsers.chatId, chats.id), eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId));
    const where = and(eq(chats.companyId, companyId), term ? sql`instr(lower(${chats.title}), ${term}) > 0` : undefined);
    const rows = await this.db
      .select({ chat: chats })
      .from(chats)
      .innerJoin(chatUsers, mine)
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(CHATS_PAGE_SIZE)
      .offset((q.pageNumber - 1) * CHATS_PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(chats).innerJoin(chatUsers, mine).where(where);
    const [unread] = await this.db
      .select({ n: sum(chatUsers.unreads) })
      .from(chatUsers)
      .innerJoin(chats, eq(chats.id, chatUsers.chatId))
      .where(and(eq(chatUsers.companyId, companyId), eq(chatUsers.userId, userId), eq(chats.companyId, companyId)));
    const n = total?.n ?? 0;
    return { records: await this.many(rows.map((r) => r.chat)), count: n, hasMore: q.pageNumber * CHATS_PAGE_SIZE < n, unreads: Number(unread?.n ?? 0) };
  }

  /** A page of a chat's messages: page 1 the newest, each page oldest first (as a conversation reads). */
  async messages(chatId: number, pageNumber: number): Promise<ChatMessagePageView> {
    const rows = await this.db
      .select({ m: chatMessages, name: users.name })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(desc(chatMessages.id))
      .limit(MESSAGES_PAGE_SIZE)
      .offset((pageNumber - 1) * MESSAGES_PAGE_SIZE);
    const [total] = await this.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, chatId));
    const n = total?.n ?? 0;
    return { records: rows.reverse().map((r) => messageView(r.m, r.name)), count: n, hasMore: pageNumber * MESSAGES_PAGE_SIZE < n };
  }
}

/** A message as the API answers it; `name` is the sender's (null: the sender was deleted). */
export function messageView(m: MessageRow, name: string | null): ChatMessageView {
  return {
    id: m.id,
    chatId: m.chatId,
    senderId: m.senderId,
    sender: m.senderId && name !== null ? { id: m.senderId, name } : null,
    message: m.message,
    createdAt: m.createdAt,
  };
}
