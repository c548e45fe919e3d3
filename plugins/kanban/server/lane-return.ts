import { sql } from "drizzle-orm";
import type { MovedTicket } from "../../tickets/server/tickets.contract.ts";
import type { EventMap } from "../../../core/events/bus.ts";
import "../../tickets/server/tickets-events.contract.ts";
import { tagsView, ticketTagsView } from "../schema/views.ts";
import { lanesMayMove } from "./lane-gate.ts";
import type { LaneTimerDeps } from "./lane-timer.ts";

/**
 * `rollbackLaneId`: when the customer writes while the ticket sits in a lane that has one, the
 * ticket goes back to that lane (a follow-up lane returns a lead who answered to the lane of
 * the conversation). No greeting: the customer is talking and is answered by the attendant or
 * the bot. Runs on `tickets.message.created` after the message's commit; one read by the
 * ticket id (`ticket_tags_unique`) when nothing is to move, and nothing at all for the
 * attendant's own messages. The move is the same exact-link move as the lane timer's, so a
 * race with the timer moves the ticket once.
 */
export class LaneReturn {
  constructor(private deps: LaneTimerDeps) {}

  async onMessage(companyId: number, message: Pick<EventMap["tickets.message.created"]["message"], "ticketId" | "fromMe" | "isPrivate">): Promise<boolean> {
    if (message.fromMe || message.isPrivate) return false;
    // By the ticket id only (`ticket_tags_unique`); the company is checked on the lane.
    const [link] = await this.deps.db.all<{ id: number; toTagId: number }>(
      sql`SELECT tt.id AS id, back.id AS toTagId
        FROM ${ticketTagsView} AS tt
        JOIN ${tagsView} AS lane ON lane.id = tt.tag_id
        JOIN ${tagsView} AS back ON back.id = lane.rollback_lane_id AND back.company_id = lane.company_id
        WHERE tt.ticket_id = ${message.ticketId} AND lane.company_id = ${companyId} AND lane.kanban = 1
          AND lane.rollback_lane_id IS NOT NULL AND lane.rollback_lane_id <> lane.id
        LIMIT 1`,
    );
    if (!link || !(await lanesMayMove(this.deps, companyId))) return false;
    const moved: MovedTicket | null = await this.deps.db.transaction((tx) =>
      this.deps.services.require("tickets.moveTag")({ companyId, ticketTagId: Number(link.id), toTagId: Number(link.toTagId) }, tx),
    );
    if (!moved) return false;
    await moved.announce();
    return true;
  }
}
