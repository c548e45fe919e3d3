import { api } from "../../../web/src/api/api.ts";
import type { Connection } from "../../connections/web/public.ts";
import type { Tag } from "../../tags/web/public.ts";
import type { UserSummary } from "../../users/web/public.ts";
import type { CloseAllPayload, TicketCreatePayload } from "../shared/ticket-request-types.ts";
import type { TicketListQuery, TicketListResponse, TicketLogView, TicketUpdateBody, TicketView } from "../shared/ticket-types.ts";

// The filter panel's option lists are other plugins' answers: their types come from those
// plugins' public web entries (inferred from the server's schemas), narrowed to what the list uses.
/** A tag of the filter panel (GET /tags/list). */
export type FilterTag = Pick<Tag, "id" | "name" | "color">;
/** A connection of the filter panel (GET /whatsapp). */
export type FilterConnection = Pick<Connection, "id" | "name" | "channel">;
/** An attendant of the admin's user filter (GET /users/list). */
export type FilterUser = Pick<UserSummary, "id" | "name" | "profile">;

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
    createTicket: b.mutation<TicketView, TicketCreatePayload>({
      query: (body) => ({ url: "/tickets", method: "POST", body }),
    }),
    updateTicket: b.mutation<TicketView, TicketUpdateBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/tickets/${id}`, method: "PUT", body }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: "Ticket", id },
        { type: "TicketLog", id },
      ],
    }),
    deleteTicket: b.mutation<void, number>({
      query: (id) => ({ url: `/tickets/${id}`, method: "DELETE" }),
    }),
    closeAllTickets: b.mutation<{ closed: number }, CloseAllPayload>({
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
    /** PUT /users/toggleChangeWidht/{userId} (served by this plugin's server, preferences/; the spec's spelling). */
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
