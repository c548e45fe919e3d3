import type { z } from "@hono/zod-openapi";
import type { BoardPage, BoardQuery, Lane, LaneList, MoveInput, Moved } from "../server/kanban.schemas.ts";

/**
 * The kanban shapes, written once: inferred from the server's zod schemas (type-only imports,
 * so the web bundles none of the server's code).
 */
export type KanbanLane = z.infer<typeof Lane>;
/** GET /tag/kanban */
export type KanbanLaneList = z.infer<typeof LaneList>;
/** GET /ticket/kanban */
export type KanbanBoard = z.infer<typeof BoardPage>;
/** A card: the ticket as the board answers it. */
export type KanbanTicket = KanbanBoard["tickets"][number];
/** The query of GET /ticket/kanban as the page sends it. */
export type KanbanBoardQuery = z.input<typeof BoardQuery>;
/** What PUT /ticket/kanban/{ticketId} takes and answers (the board's move between lanes). */
export type KanbanMovePayload = z.input<typeof MoveInput>;
export type KanbanMoved = z.infer<typeof Moved>;
