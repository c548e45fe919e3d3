import { api, type MessageAnswer } from "../../../web/src/api/api.ts";
import type { KanbanBoard, KanbanBoardQuery, KanbanLaneList } from "../shared/kanban-types.ts";

export type { KanbanBoard, KanbanBoardQuery, KanbanLane, KanbanLaneList, KanbanTicket } from "../shared/kanban-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["KanbanLanes", "Ticket"] });

/**
 * The kanban calls (spec 002 §7 "Kanban"): the lanes, the board's tickets, and the ticket-tags
 * calls a move makes (named for this plugin, so no other plugin's endpoint is redefined).
 */
export const kanbanApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    kanbanLanes: b.query<KanbanLaneList, void>({ query: () => "/tag/kanban", providesTags: ["KanbanLanes"] }),
    kanbanBoard: b.query<KanbanBoard, KanbanBoardQuery>({
      query: (params) => ({ url: "/ticket/kanban", params }),
      keepUnusedDataFor: 0,
    }),
    kanbanClearTicketTags: b.mutation<MessageAnswer, number>({
      query: (ticketId) => ({ url: `/ticket-tags/${ticketId}`, method: "DELETE" }),
    }),
    kanbanSetTicketTag: b.mutation<unknown, { ticketId: number; tagId: number }>({
      query: ({ ticketId, tagId }) => ({ url: `/ticket-tags/${ticketId}/${tagId}`, method: "PUT" }),
    }),
  }),
});

export const { useKanbanLanesQuery, useKanbanBoardQuery, useKanbanClearTicketTagsMutation, useKanbanSetTicketTagMutation } = kanbanApi;

/** After a move: the lanes' counts and the ticket's own view (the workspace re-reads it). */
export const movedTags = (ticketId: number) => kanbanApi.util.invalidateTags(["KanbanLanes", { type: "Ticket", id: ticketId }]);
