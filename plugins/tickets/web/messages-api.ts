import { api } from "../../../web/src/api/api.ts";
import type { EditMessagePayload, ForwardMessagePayload, InteractiveKind, InteractivePayload, SendMessagePayload } from "../shared/ticket-request-types.ts";
import type { MessageListResponse, MessageView } from "../shared/ticket-types.ts";

/** The interactive sends of spec 000 §7 (POST /messages/{kind}/{ticketId}) and what each takes. */
export type { InteractiveKind, InteractivePayload, InteractivePayloads, SendMessagePayload } from "../shared/ticket-request-types.ts";

/**
 * The message calls of spec 000 §7. The conversation keeps its own pages (older ones are
 * prepended, socket events applied), so `listMessages` is not cached between visits.
 */
export const messagesApi = api.injectEndpoints({
  endpoints: (b) => ({
    listMessages: b.query<MessageListResponse, { uuid: string; pageNumber: number }>({
      query: ({ uuid, pageNumber }) => ({ url: `/messages/${encodeURIComponent(uuid)}`, params: { pageNumber } }),
      keepUnusedDataFor: 0,
    }),
    sendMessage: b.mutation<MessageView, { ticketId: number; body: SendMessagePayload }>({
      query: ({ ticketId, body }) => ({ url: `/messages/${ticketId}`, method: "POST", body }),
    }),
    /** Multipart: body (caption), isPrivate, signMessage, quotedMsg and the files as `medias`; one message per file. */
    sendMedia: b.mutation<MessageView | MessageView[], { ticketId: number; form: FormData }>({
      query: ({ ticketId, form }) => ({ url: `/messages/${ticketId}`, method: "POST", body: form }),
    }),
    editMessage: b.mutation<MessageView, { id: number } & EditMessagePayload>({
      query: ({ id, body }) => ({ url: `/messages/edit/${id}`, method: "POST", body: { body } }),
    }),
    deleteMessage: b.mutation<unknown, number>({
      query: (id) => ({ url: `/messages/${id}`, method: "DELETE" }),
    }),
    forwardMessage: b.mutation<unknown, ForwardMessagePayload>({
      query: (body) => ({ url: "/message/forward", method: "POST", body }),
    }),
    transcribeAudio: b.query<{ transcribedText: unknown }, string>({
      query: (file) => `/messages/transcribeAudio/${encodeURIComponent(file)}`,
      keepUnusedDataFor: 0,
    }),
    sendInteractive: b.mutation<MessageView, { kind: InteractiveKind; ticketId: number; payload: InteractivePayload }>({
      query: ({ kind, ticketId, payload }) => ({ url: `/messages/${kind}/${ticketId}`, method: "POST", body: payload }),
    }),
  }),
});

export const {
  useListMessagesQuery,
  useLazyListMessagesQuery,
  useSendMessageMutation,
  useSendMediaMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useForwardMessageMutation,
  useLazyTranscribeAudioQuery,
  useSendInteractiveMutation,
} = messagesApi;
