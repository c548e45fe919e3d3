import type { ChatMessageView, ChatView } from "./chats-api.ts";

/** A chat as the API answers it; the test session's user is 7 (web/src/test/fixtures.ts). */
export function apiChat(id: number, title: string, over: Partial<ChatView> = {}): ChatView {
  return {
    id,
    uuid: `0190a0a0-0000-7000-8000-00000000000${id}`,
    companyId: 2,
    title,
    ownerId: 7,
    lastMessage: "",
    users: [
      { userId: 7, unreads: 0, user: { id: 7, name: "Ana Souza" } },
      { userId: 8, unreads: 0, user: { id: 8, name: "Bruno Reis" } },
    ],
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    ...over,
  };
}

/** The chat with `unreads` unread messages for user 7. */
export const withUnread = (chat: ChatView, unreads: number): ChatView => ({ ...chat, users: chat.users.map((u) => (u.userId === 7 ? { ...u, unreads } : u)) });

export function apiMessage(id: number, chatId: number, message: string, senderId = 8): ChatMessageView {
  return { id, chatId, senderId, sender: { id: senderId, name: senderId === 7 ? "Ana Souza" : "Bruno Reis" }, message, createdAt: "2026-11-01T10:05:00.000Z" };
}

export const chatPage = (records: ChatView[], unreads = 0) => ({ records, count: records.length, hasMore: false, unreads });
