import { type SQL, sql } from "drizzle-orm";
import type { CompanyAccess } from "../../../core/auth/company-access.ts";
import type { Db } from "../../../core/db/database.ts";
import { AppError } from "../../../core/errors.ts";
import type { Logger } from "../../../core/log.ts";
import type { PlanFeatureRegistry } from "../../../core/plugin/plan-features.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { MovedTicket, SentToContact } from "../../tickets/server/tickets.contract.ts";
import { tagsView, ticketTagsView } from "../schema/views.ts";
import { lanesMayMove } from "./lane-gate.ts";

/** Links read per query; a tick reads batches until one comes back short (or MAX_BATCHES). */
const BATCH = 100;
/** At most this many batches per tick, so one tick always ends; the next goes on. */
const MAX_BATCHES = 50;

/**
 * The tick's query: ticket tags that stayed their lane's `timeLane` hours, with where they go.
 * It starts from the lanes that move on by themselves (the tags plugin's partial index
 * `tags_timed_lanes_idx`: kanban, a time and a next lane), then reads, per lane, the links
 * made before its cutoff (`timeLane` hours before `now`, as ISO text like `created_at`) from
 * `ticket_tags_tag_created_idx (tag_id, created_at)`: with nothing due, one probe per timed
 * lane, whatever the number of tickets. A next lane that no longer exists moves nothing, and
 * neither does a lane whose next lane is itself (that would greet the customer again every
 * `timeLane` hours, for ever).
 * Written as SQL over the owners' views (`schema/views.ts`): the lane table is read twice.
 */
export function dueLinksQuery(now: number, skip: number[] = [], limit = BATCH): SQL {
  const skipped = skip.length
    ? sql`AND tt.company_id NOT IN (${sql.join(
        skip.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  return sql`SELECT tt.id AS id, tt.company_id AS companyId, tt.ticket_id AS ticketId, nx.id AS toTagId, nx.greeting_message_lane AS greeting
        FROM ${tagsView} AS lane
        JOIN ${ticketTagsView} AS tt ON tt.tag_id = lane.id
          AND tt.created_at <= strftime('%Y-%m-%dT%H:%M:%fZ', ${now / 1000}, 'unixepoch', '-' || lane.time_lane || ' hours')
        JOIN ${tagsView} AS nx ON nx.id = lane.next_lane_id AND nx.company_id = lane.company_id
        WHERE lane.kanban = 1 AND lane.time_lane > 0 AND lane.next_lane_id IS NOT NULL AND lane.next_lane_id <> lane.id ${skipped}
        LIMIT ${limit}`;
}

/** Runs `dueLinksQuery`. */
export function dueLinks(db: Db, now: number, skip: number[] = [], limit = BATCH): Promise<DueLink[]> {
  return db
    .all<DueLink>(dueLinksQuery(now, skip, limit))
    .then((rows) =>
      rows.map((r) => ({ id: Number(r.id), companyId: Number(r.companyId), ticketId: Number(r.ticketId), toTagId: Number(r.toTagId), greeting: String(r.greeting ?? "") })),
    );
}

/** A link whose lane time is up, and the lane it goes to with that lane's greeting. */
export interface DueLink {
  id: number;
  companyId: number;
  ticketId: number;
  toTagId: number;
  greeting: string;
}

export interface LaneTimerDeps {
  db: Db;
  services: Services;
  companyAccess: CompanyAccess;
  planFeatures: PlanFeatureRegistry;
  log: Logger;
}

/** Statuses whose customer is greeted on a move (a closed conversation is history: it moves silently). */
const GREETED = new Set(["pending", "open"]);

/**
 * Moves tickets on when they stayed their lane's `timeLane` hours (to `nextLaneId`) and
 * greets the customer with the next lane's `greetingMessageLane`, each move exactly once.
 *
 * The durable state is the ticket tag link itself (which lane, since when): no job row per
 * ticket, and editing a lane's time needs no bookkeeping. Each due link moves in ONE
 * transaction through the tickets plugin: (1) `tickets.moveTag` deletes that exact link (its
 * first statement, a write, so a concurrent mover waits and then finds it gone: null) and
 * links the next lane (a new link, whose time starts now), (2) `tickets.sendToContact` stores
 * the greeting and its delivery outbox row. Both commit together or not at all: a crash
 * before the commit leaves the link due and nothing sent; after it, the ticket has moved and
 * the greeting is in the outbox (delivered by the tickets plugin's durable job).
 *
 * The greeting goes to pending and open tickets that are not groups, when the lane has one;
 * message variables are filled (`{{firstName}}`, `{{protocol}}` …). A greeting refused by a
 * rule (an AppError: the contact can no longer be written to) does not hold the ticket back:
 * it moves without it, logged. Any other failure rolls back and the next tick tries again.
 * A company that is disabled, overdue or without `useKanban` moves nothing until that changes.
 */
export class LaneTimer {
  constructor(private deps: LaneTimerDeps) {}

  /**
   * Moves everything due at `now`; answers how many tickets moved.
   * @example
   *   await timer.moveDue(); // what the plugin's tick runs every 30 seconds
   */
  async moveDue(now = Date.now()): Promise<number> {
    let moved = 0;
    const skip = new Set<number>();
    const allowed = new Map<number, boolean>();
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await dueLinks(this.deps.db, now, [...skip]);
      for (const link of due) {
        let may = allowed.get(link.companyId);
        if (may === undefined) allowed.set(link.companyId, (may = await lanesMayMove(this.deps, link.companyId)));
        const result = may ? await this.moveOne(link) : "failed";
        if (result === "failed") skip.add(link.companyId);
        else if (result === "moved") moved++;
      }
      if (due.length < BATCH) break;
    }
    return moved;
  }

  /** One link: moved, gone (another mover had it) or failed (its company is left alone for this tick). */
  private async moveOne(link: DueLink, greet = true): Promise<"moved" | "gone" | "failed"> {
    let outcome: { moved: MovedTicket; sent: SentToContact | null } | null;
    try {
      outcome = await this.deps.db.transaction(async (tx) => {
        const moved = await this.deps.services.require("tickets.moveTag")({ companyId: link.companyId, ticketTagId: link.id, toTagId: link.toTagId }, tx);
        if (!moved) return null;
        const t = moved.ticket;
        const text = link.greeting.trim();
        if (!greet || !text || !GREETED.has(t.status) || t.isGroup) return { moved, sent: null };
        const sent = await this.deps.services.require("tickets.sendToContact")(
          { companyId: t.companyId, contactId: t.contactId, whatsappId: t.whatsappId, body: text, authorId: null, sign: false, openTicket: null, media: null },
          tx,
        );
        return { moved, sent };
      });
    } catch (err) {
      if (greet && err instanceof AppError) {
        this.deps.log.warn(`kanban: ticket ${link.ticketId} moves to lane ${link.toTagId} without its greeting: ${err.code}`);
        return this.moveOne(link, false);
      }
      this.deps.log.error(`kanban: moving ticket ${link.ticketId} to lane ${link.toTagId} failed`, err);
      return "failed";
    }
    if (!outcome) return "gone";
    await outcome.moved.announce();
    await outcome.sent?.announce();
    return "moved";
  }
}
