import { api } from "../../../web/src/api/api.ts";
import type { KanbanBoard, KanbanBoardQuery, KanbanLaneList, KanbanMoved, KanbanMovePayload } from "../shared/kanban-types.ts";

export type { KanbanBoard, KanbanBoardQuery, KanbanLane, KanbanLaneList, KanbanTicket } from "../shared/kanban-types.ts";

const tagged = api.enhanceEndpoints({ addTagTypes: ["KanbanLanes", "Ticket"] });

/**
 * The kanban calls (spec 002 §7 "Kanban"): the lanes, the board's tickets, and the move of a
 * ticket between lanes (one call, one server transaction; the spec's DELETE and PUT
 * /ticket-tags calls stay on the server for other clients).
 */
export const kanbanApi = tagged.injectEndpoints({
  endpoints: (b) => ({
    kanbanLanes: b.query<KanbanLaneList, void>({ query: () => "/tag/kanban", providesTags: ["KanbanLanes"] }),
    kanbanBoard: b.query<KanbanBoard, KanbanBoardQuery>({
      query: (params) => ({ url: "/ticket/kanban", params }),
      keepUnusedDataFor: 0,
    }),
    /** Moves a ticket to a lane (null: the default lane) in one server transaction. */
    kanbanMoveTicket: b.mutation<KanbanMoved, { ticketId: number } & KanbanMovePayload>({
      query: ({ ticketId, ...body }) => ({ url: `/ticket/kanban/${ticketId}`, method: "PUT", body }),
    }),
  }),
});

export const { useKanbanLanesQuery, useKanbanBoardQuery, useKanbanMoveTicketMutation } = kanbanApi;

/** After a move: the lanes' counts and the ticket's own view (the workspace re-reads it). */
export const movedTags = (ticketId: number) => kanbanApi.util.invalidateTags(["KanbanLanes", { type: "Ticket", id: ticketId }]);
