import { z } from "@hono/zod-openapi";
import { OptionalRefId } from "../../../core/http/loose-values.ts";
import { pathId } from "../../../core/http/schemas.ts";
import { TicketListQuerySchema, TicketSchema } from "../../tickets/server/ticket-schemas.contract.ts";

/** A lane of the board: a tag with kanban = 1 (spec 002 §3 "Tag (kanban)"), with how many tickets carry it. */
export const Lane = z
  .object({
    id: z.number(),
    name: z.string(),
    color: z.string(),
    kanban: z.number(),
    timeLane: z.number().openapi({ description: "Hours a ticket stays in this lane before moving to nextLaneId (0 = never)" }),
    nextLaneId: z.number().nullable(),
    rollbackLaneId: z.number().nullable().openapi({ description: "Where a ticket of this lane goes back when the customer writes" }),
    greetingMessageLane: z.string().openapi({ description: "Sent to the customer when the lane timer moves a ticket into this lane" }),
    ticketsCount: z.number().openapi({ description: "Tickets of the company carrying this lane (any status)" }),
  })
  .openapi("KanbanLane");

export const LaneList = z.object({ lista: z.array(Lane) }).openapi("KanbanLaneList");

/** A ticket card (spec 002 §3 "Kanban ticket card"): the ticket as the list answers it. */
export const BoardPage = z
  .object({
    tickets: z.array(TicketSchema),
    hasMore: z.boolean().openapi({ description: "More than 500 tickets matched: the newest 500 are answered" }),
  })
  .openapi("KanbanTickets");

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD (a UTC day, as the ticket list's date filters) or an ISO instant (the browser's local day bounds). */
const when = (description: string) =>
  z
    .string()
    .trim()
    .max(40, "Invalid date")
    .refine((v) => v === "" || (DAY.test(v) ? !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) : /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v))), "Invalid date")
    .optional()
    .openapi({ description, example: "2026-11-27" });

export const BoardQuery = z.object({
  // The ticket list's own: a JSON array of queue ids; malformed -> ERR_VALIDATION.
  queueIds: TicketListQuerySchema.shape.queueIds,
  startDate: when("From this day (YYYY-MM-DD, UTC) or instant; default today"),
  endDate: when("Through this day (YYYY-MM-DD, the whole day) or up to this instant; default the start's day"),
});
export type BoardQueryInput = z.output<typeof BoardQuery>;

export const MoveParams = z.object({ ticketId: pathId("ticketId") });

/** Where the board puts the ticket: a lane of the company, or none (the default lane). */
export const MoveInput = z
  .object({
    laneId: OptionalRefId.openapi({ description: 'A kanban lane of the company; false, "", null, [] or 0 for the default lane (no lane)' }),
  })
  .openapi("KanbanMoveInput");

export const Moved = z.object({ ticketId: z.number(), laneId: z.number().nullable() }).openapi("KanbanMoved");
