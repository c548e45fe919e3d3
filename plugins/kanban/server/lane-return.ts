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
 * ticket id (`returnLinkQuery`) when nothing is to move, and nothing at all for the
 * attendant's own messages or a ticket without tags. The move is the same exact-link move as
 * the lane timer's, so a race with the timer moves the ticket once.
 */
export class LaneReturn {
  constructor(private deps: LaneTimerDeps) {}

  async onMessage(
    companyId: number,
    message: Pick<EventMap["tickets.message.created"]["message"], "ticketId" | "fromMe" | "isPrivate">,
    ticket: Pick<EventMap["tickets.message.created"]["ticket"], "tags">,
  ): Promise<boolean> {
    // A ticket in no lane has no tag at all (the view announced with the message says so).
    if (message.fromMe || message.isPrivate || !ticket.tags.length) return false;
    const [link] = await this.deps.db.all<{ id: number; toTagId: number }>(returnLinkQuery(companyId, message.ticketId));
    if (!link || !(await lanesMayMove(this.deps, companyId))) return false;
    const moved: MovedTicket | null = await this.deps.db.transaction((tx) =>
      this.deps.services.require("tickets.moveTag")({ companyId, ticketTagId: Number(link.id), toTagId: Number(link.toTagId) }, tx),
    );
    if (!moved) return false;
    await moved.announce();
    return true;
  }
}

/**
 * The ticket's link to a lane that has a rollback lane, if any. Starts from the ticket's own
 * links (`ticket_tags_unique`, usually none) and reads the lane and its rollback lane by id.
 * CROSS JOIN keeps that order: without statistics SQLite otherwise starts from the company's
 * tags and probes the ticket's links once per tag, so every customer message paid for as
 * many lookups as the company has tags.
 */
export function returnLinkQuery(companyId: number, ticketId: number) {
  return sql`SELECT tt.id AS id, back.id AS toTagId
    FROM ${ticketTagsView} AS tt
    CROSS JOIN ${tagsView} AS lane ON lane.id = tt.tag_id
    CROSS JOIN ${tagsView} AS back ON back.id = lane.rollback_lane_id AND back.company_id = lane.company_id
    WHERE tt.ticket_id = ${ticketId} AND lane.company_id = ${companyId} AND lane.kanban = 1
      AND lane.rollback_lane_id IS NOT NULL AND lane.rollback_lane_id <> lane.id
    LIMIT 1`;
}
