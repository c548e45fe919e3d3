import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import { chatMessages, chats, chatUsers } from "../schema/tables.ts";
import type { ChatMessagePageView, ChatMessageView, ChatView } from "../shared/chat-types.ts";
import { type ChatViews, messageView } from "./chat-views.ts";
import type { ChatFeed } from "./chats.realtime.ts";
import { type Caller, type ChatsService, lostRace } from "./chats.service.ts";

/**
 * A chat's messages and its members' unread counts (spec 000 §3 users.unreads): a message
 * counts as unread for every member but its sender, and reading sets the reader's count to 0.
 * Only members read or write (ChatsService.memberChat).
 */
export class ChatMessagesService {
  constructor(
    private db: Db,
    private chats: ChatsService,
    private views: ChatViews,
    private feed: ChatFeed,
  ) {}

  async page(caller: Caller, chatId: number, pageNumber: number): Promise<ChatMessagePageView> {
    const chat = await this.chats.memberChat(caller, chatId);
    return this.views.messages(chat.id, pageNumber);
  }

  /**
   * Stores the message, counts it unread for the others, and tells the members. The sender has
   * read their own chat. The sender's name is the caller's (the principal, read fresh for this
   * request), so the answer costs no query of its own.
   */
  async send(caller: Caller & { name: string }, chatId: number, text: string): Promise<ChatMessageView> {
    const chat = await this.chats.memberChat(caller, chatId);
    const { message, updated } = await this.db
      .transaction(async (tx) => {
        // First, under the write lock: the sender is still a member (an edit may have removed
        // them since the check above), and has read their own chat.
        const [member] = await tx
          .update(chatUsers)
          .set({ unreads: 0 })
          .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, caller.id)))
          .returning({ id: chatUsers.id });
        if (!member) throw new AppError("ERR_NO_CHAT_FOUND");
        const [message] = await tx.insert(chatMessages).values({ companyId: chat.companyId, chatId: chat.id, senderId: caller.id, message: text }).returning();
        await tx
          .update(chatUsers)
          .set({ unreads: sql`${chatUsers.unreads} + 1` })
          .where(and(eq(chatUsers.chatId, chat.id), ne(chatUsers.userId, caller.id)));
        const [updated] = await tx.update(chats).set({ lastMessage: text }).where(eq(chats.id, chat.id)).returning();
        if (!updated) throw new AppError("ERR_NO_CHAT_FOUND");
        return { message: message!, updated };
      })
      .catch(lostRace("ERR_NO_CHAT_FOUND"));
    const newMessage = messageView(message, caller.name);
    this.feed.toChat(chat.companyId, chat.id, { action: "new-message", newMessage, chat: await this.views.one(updated) });
    return newMessage;
  }

  /** POST /chats/{id}/read: the caller's unread count goes to 0. A body's userId may only name the caller. */
  async read(caller: Caller, chatId: number, userId: number | undefined): Promise<ChatView> {
    if (userId !== undefined && userId !== caller.id) throw new AppError("ERR_NO_PERMISSION");
    const chat = await this.chats.memberChat(caller, chatId);
    const changed = await this.db
      .update(chatUsers)
      .set({ unreads: 0 })
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, caller.id), ne(chatUsers.unreads, 0)))
      .returning({ id: chatUsers.id });
    const view = await this.views.one(chat);
    // Nothing was unread: nobody needs telling (every open conversation marks itself read on each message).
    if (changed.length) this.feed.toChat(chat.companyId, chat.id, { action: "update", chat: view });
    return view;
  }
}
