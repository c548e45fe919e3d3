import { api } from "../../../web/src/api/api.ts";
import type { MessageListResponse, TicketNoteView } from "../shared/ticket-types.ts";

/** GET /queue (the fields the ticket dialogs use). */
export interface QueueOption {
  id: number;
  name: string;
  color: string;
}

/** GET /users/list. */
export interface UserOption {
  id: number;
  name: string;
  profile: string;
  online: boolean;
}

/** GET /whatsapp (the fields the new-ticket dialog uses). */
export interface ConnectionOption {
  id: number;
  name: string;
  channel: string;
  status: string;
  isDefault: boolean;
}

/** GET /tags/list. */
export interface TagOption {
  id: number;
  name: string;
  color: string;
  kanban: number;
}

/** A contact as GET /contacts lists it (what the new-ticket search shows). */
export interface ContactHit {
  id: number;
  name: string;
  number: string;
  isGroup: boolean;
  urlPicture: string;
}

/** The contact flags the header and the drawer flip. */
export interface ContactFlags {
  id: number;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  active: boolean;
}

const tagged = api.enhanceEndpoints({ addTagTypes: ["TicketNote", "Ticket", "Contact"] });

/**
 * The calls around a ticket that are not the ticket itself (spec 000 §7): notes, ticket
 * tags, the contact's picture and flags, and the option lists of the ticket dialogs.
 */
export const extrasApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    ticketNotes: b.query<TicketNoteView[], { ticketId: number; contactId: number }>({
      query: (params) => ({ url: "/ticket-notes/list", params }),
      providesTags: (_r, _e, { ticketId }) => [{ type: "TicketNote", id: ticketId }],
    }),
    addTicketNote: b.mutation<TicketNoteView, { note: string; ticketId: number; contactId: number }>({
      query: (body) => ({ url: "/ticket-notes", method: "POST", body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: "TicketNote", id: ticketId }],
    }),
    deleteTicketNote: b.mutation<unknown, { id: number; ticketId: number }>({
      query: ({ id }) => ({ url: `/ticket-notes/${id}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: "TicketNote", id: ticketId }],
    }),
    setTicketTag: b.mutation<unknown, { ticketId: number; tagId: number }>({
      query: ({ ticketId, tagId }) => ({ url: `/ticket-tags/${ticketId}/${tagId}`, method: "PUT" }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: "Ticket", id: ticketId }],
    }),
    clearTicketTags: b.mutation<unknown, number>({
      query: (ticketId) => ({ url: `/ticket-tags/${ticketId}`, method: "DELETE" }),
      invalidatesTags: (_r, _e, ticketId) => [{ type: "Ticket", id: ticketId }],
    }),
    contactProfile: b.query<{ contactId: number; urlPicture: string }, string>({
      query: (number) => `/contacts/profile/${encodeURIComponent(number)}`,
    }),
    toggleDisableBot: b.mutation<ContactFlags, { contactId: number; ticketId: number }>({
      query: ({ contactId }) => ({ url: `/contacts/toggleDisableBot/${contactId}`, method: "PUT" }),
      invalidatesTags: (_r, _e, { contactId, ticketId }) => [{ type: "Contact", id: contactId }, { type: "Ticket", id: ticketId }],
    }),
    toggleAcceptAudio: b.mutation<ContactFlags, { contactId: number; acceptAudioMessage: boolean }>({
      query: ({ contactId, acceptAudioMessage }) => ({ url: `/contacts/toggleAcceptAudio/${contactId}`, method: "PUT", body: { acceptAudioMessage } }),
      invalidatesTags: (_r, _e, { contactId }) => [{ type: "Contact", id: contactId }],
    }),
    contactTagIds: b.query<{ contactId: number; tags: { id: number; name: string; color: string }[] }, number>({
      query: (contactId) => `/contactTags/${contactId}`,
      providesTags: (_r, _e, id) => [{ type: "Contact", id }],
    }),
    searchContacts: b.query<{ contacts: ContactHit[]; hasMore: boolean }, string>({
      query: (searchParam) => ({ url: "/contacts", params: { searchParam, pageNumber: 1 } }),
      keepUnusedDataFor: 0,
    }),
    queueOptions: b.query<QueueOption[], void>({ query: () => "/queue" }),
    userOptions: b.query<UserOption[], void>({ query: () => "/users/list" }),
    connectionOptions: b.query<ConnectionOption[], void>({ query: () => "/whatsapp" }),
    /** Kanban lanes are the ticket's tags (spec 000 §4 "Kanban stage"). */
    ticketTagOptions: b.query<TagOption[], void>({ query: () => ({ url: "/tags/list", params: { kanban: 1 } }) }),
    /** One page of a conversation, for the PDF export (not cached: the export reads every page once). */
    exportMessagesPage: b.query<MessageListResponse, { uuid: string; pageNumber: number }>({
      query: ({ uuid, pageNumber }) => ({ url: `/messages/${encodeURIComponent(uuid)}`, params: { pageNumber } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useTicketNotesQuery,
  useAddTicketNoteMutation,
  useDeleteTicketNoteMutation,
  useSetTicketTagMutation,
  useClearTicketTagsMutation,
  useContactProfileQuery,
  useToggleDisableBotMutation,
  useToggleAcceptAudioMutation,
  useLazyContactTagIdsQuery,
  useSearchContactsQuery,
  useQueueOptionsQuery,
  useUserOptionsQuery,
  useConnectionOptionsQuery,
  useTicketTagOptionsQuery,
} = extrasApi;
