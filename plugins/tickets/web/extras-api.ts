import { api } from "../../../web/src/api/api.ts";
import type { Connection } from "../../connections/web/public.ts";
import type { Contact } from "../../contacts/web/public.ts";
import type { QueueSummary } from "../../queues/web/public.ts";
import type { ContactTags } from "../../tags/web/public.ts";
import type { UserSummary } from "../../users/web/public.ts";
import type { MessageListResponse, TicketNoteView } from "../shared/ticket-types.ts";

// The option lists are other plugins' answers: their types come from those plugins' public
// web entries (inferred from the server's schemas), narrowed to the fields the dialogs use.
/** GET /queue. */
export type QueueOption = Pick<QueueSummary, "id" | "name" | "color">;
/** GET /users/list. */
export type UserOption = Pick<UserSummary, "id" | "name" | "profile" | "online">;
/** GET /whatsapp. */
export type ConnectionOption = Pick<Connection, "id" | "name" | "channel" | "status" | "isDefault">;
/** A contact as GET /contacts lists it (what the new-ticket search shows). */
export type ContactHit = Pick<Contact, "id" | "name" | "number" | "isGroup" | "urlPicture">;

const tagged = api.enhanceEndpoints({ addTagTypes: ["TicketNote", "Ticket", "Contact"] });

/**
 * The calls around a ticket that are not the ticket itself (spec 000 §7): notes (ticket
 * tags, the kanban stage, are the kanban plugin's), the contact's tags, and the option lists of the ticket dialogs.
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
    contactTagIds: b.query<ContactTags, number>({
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
  useLazyContactTagIdsQuery,
  useSearchContactsQuery,
  useQueueOptionsQuery,
  useUserOptionsQuery,
  useConnectionOptionsQuery,
} = extrasApi;
