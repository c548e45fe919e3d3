import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { ChatInputBody, ChatListQuery, ChatMessagePageView, ChatMessageView, ChatPageView, ChatView } from "../shared/chat-types.ts";

export type { ChatMessageView, ChatPageView, ChatView } from "../shared/chat-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["Chat"] });

/** The chats plugin's calls (spec 000 §7, the seven `/chats` calls, plus GET /chats/{id or uuid}). */
export const chatsApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    /** The chat page's list (useLiveList keeps its rows). */
    getChatsPage: build.query<ChatPageView, Required<ChatListQuery>>({
      query: (params) => ({ url: "/chats", params }),
      keepUnusedDataFor: 0,
    }),
    /**
     * The top bar's first page and unread total (popover and menu dot share it). No mutation
     * invalidates it: every change to a user's chats, their own included, comes back to them as
     * a realtime event, and useChatInboxLive reads it again once for those (a tag as well would
     * read it twice for the user who acted).
     */
    getChatInbox: build.query<ChatPageView, void>({
      query: () => ({ url: "/chats", params: { pageNumber: 1 } }),
    }),
    /**
     * By uuid (the address /chats/{uuid}; the edit dialog reads the open chat the same way, so a
     * chat has one cache entry), tagged by the chat's id so an edit's invalidation reaches it.
     */
    getChat: build.query<ChatView, string>({
      query: (uuid) => `/chats/${uuid}`,
      providesTags: (chat) => (chat ? [{ type: "Chat", id: chat.id }] : []),
    }),
    createChat: build.mutation<ChatView, ChatInputBody>({
      query: (body) => ({ url: "/chats", method: "POST", body }),
    }),
    updateChat: build.mutation<ChatView, { id: number } & Partial<ChatInputBody>>({
      query: ({ id, ...body }) => ({ url: `/chats/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Chat", id }],
    }),
    deleteChat: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/chats/${id}`, method: "DELETE" }),
    }),
    markChatRead: build.mutation<ChatView, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `/chats/${id}/read`, method: "POST", body: { userId } }),
    }),
    getChatMessages: build.query<ChatMessagePageView, { chatId: number; pageNumber: number }>({
      query: ({ chatId, pageNumber }) => ({ url: `/chats/${chatId}/messages`, params: { pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    sendChatMessage: build.mutation<ChatMessageView, { chatId: number; message: string }>({
      query: ({ chatId, message }) => ({ url: `/chats/${chatId}/messages`, method: "POST", body: { message } }),
    }),
  }),
});

export const {
  useGetChatsPageQuery,
  useGetChatInboxQuery,
  useGetChatQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useMarkChatReadMutation,
  useGetChatMessagesQuery,
  useSendChatMessageMutation,
} = chatsApi;
