import { api } from "../../../web/src/api/api.ts";
import type { TicketListQuery, TicketListResponse, TicketLogView, TicketUpdateBody, TicketView } from "../shared/ticket-types.ts";

/** A tag of the filter panel (GET /tags/list). */
export interface FilterTag {
  id: number;
  name: string;
  color: string;
}

/** A connection of the filter panel (GET /whatsapp; only the fields the list uses). */
export interface FilterConnection {
  id: number;
  name: string;
  channel: string;
}

/** An attendant of the admin's user filter (GET /users/list). */
export interface FilterUser {
  id: number;
  name: string;
  profile: string;
}

export interface CreateTicketBody {
  contactId: number;
  queueId?: number | null;
  whatsappId?: number | null;
  userId?: number | null;
  status?: "open" | "pending";
}

/**
 * The ticket calls of spec 000 §7. Lists are paged by the caller (the list panel keeps
 * its own pages and applies socket events), so `listTickets` is not cached per page.
 */
export const ticketsApi = api.enhanceEndpoints({ addTagTypes: ["Ticket", "TicketLog"] }).injectEndpoints({
  endpoints: (b) => ({
    listTickets: b.query<TicketListResponse, TicketListQuery>({
      query: (params) => ({ url: "/tickets", params: params as Record<string, unknown> }),
      keepUnusedDataFor: 0,
    }),
    ticketByUuid: b.query<TicketView, string>({
      query: (uuid) => `/tickets/u/${encodeURIComponent(uuid)}`,
      providesTags: (t) => (t ? [{ type: "Ticket", id: t.id }] : []),
    }),
    createTicket: b.mutation<TicketView, CreateTicketBody>({
      query: (body) => ({ url: "/tickets", method: "POST", body }),
    }),
    updateTicket: b.mutation<TicketView, TicketUpdateBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/tickets/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Ticket", id }, { type: "TicketLog", id }],
    }),
    deleteTicket: b.mutation<void, number>({
      query: (id) => ({ url: `/tickets/${id}`, method: "DELETE" }),
    }),
    closeAllTickets: b.mutation<{ closed: number }, { status: string; selectedQueueIds: number[] }>({
      query: (body) => ({ url: "/tickets/closeAll", method: "POST", body }),
    }),
    /** The filter panel's option lists: every tag (kanban lanes included: ticket tags are lanes), connections, users. */
    ticketFilterTags: b.query<FilterTag[], void>({
      query: () => "/tags/list",
      keepUnusedDataFor: 60,
    }),
    ticketFilterConnections: b.query<FilterConnection[], void>({
      query: () => ({ url: "/whatsapp", params: { session: 0 } }),
      keepUnusedDataFor: 60,
    }),
    ticketFilterUsers: b.query<FilterUser[], void>({
      query: () => "/users/list",
      keepUnusedDataFor: 60,
    }),
    /** PUT /users/toggleChangeWidht/{userId} (the users plugin serves it; the spec's spelling). */
    saveTicketsPanelWidth: b.mutation<unknown, { userId: number; width: number }>({
      query: ({ userId, width }) => ({ url: `/users/toggleChangeWidht/${userId}`, method: "PUT", body: { defaultTicketsManagerWidth: width } }),
    }),
    ticketLogs: b.query<TicketLogView[], number>({
      query: (ticketId) => `/tickets-log/${ticketId}`,
      providesTags: (_r, _e, id) => [{ type: "TicketLog", id }],
    }),
  }),
});

export const {
  useListTicketsQuery,
  useLazyListTicketsQuery,
  useTicketByUuidQuery,
  useCreateTicketMutation,
  useUpdateTicketMutation,
  useDeleteTicketMutation,
  useCloseAllTicketsMutation,
  useTicketLogsQuery,
  useTicketFilterTagsQuery,
  useTicketFilterConnectionsQuery,
  useTicketFilterUsersQuery,
  useSaveTicketsPanelWidthMutation,
} = ticketsApi;
