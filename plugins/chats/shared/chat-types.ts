import type { z } from "@hono/zod-openapi";
import type { Chat, ChatInput, ChatMember, ChatMessage, ChatMessagePage, ChatPage, ChatPatch, ChatQuery } from "../server/chats.schemas.ts";

/**
 * The chat shapes, written once: inferred from the server's zod schemas (type-only imports,
 * so the web bundles none of the server's code).
 */
export type ChatView = z.infer<typeof Chat>;
export type ChatMemberView = z.infer<typeof ChatMember>;
export type ChatPageView = z.infer<typeof ChatPage>;
export type ChatMessageView = z.infer<typeof ChatMessage>;
export type ChatMessagePageView = z.infer<typeof ChatMessagePage>;
/** What POST /chats accepts, as the dialog sends it. */
export type ChatInputBody = z.input<typeof ChatInput>;
export type ChatFields = z.output<typeof ChatInput>;
export type ChatChanges = z.output<typeof ChatPatch>;
export type ChatListQuery = z.input<typeof ChatQuery>;

/**
 * `company-{id}-chat-user-{userId}`, to that user only: their list of chats changed (a chat
 * they were added to, one edited, one deleted or that they were removed from).
 */
export type ChatUserEvent = { action: "create" | "update"; chat: ChatView } | { action: "delete"; chatId: number };

/**
 * `company-{id}-chat` and `company-{id}-chat-{chatId}`, to the chat's members only: a new
 * message (with the chat as it now is: last message, unreads), a chat changed (read, edited),
 * or deleted.
 */
export type ChatEvent = { action: "new-message"; newMessage: ChatMessageView; chat: ChatView } | { action: "update"; chat: ChatView } | { action: "delete"; chatId: number };
