import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import type { Services } from "../../../core/plugin/services.ts";
import { tagsView, ticketTagsView } from "../schema/views.ts";
import type { BoardQueryInput } from "./kanban.schemas.ts";
import "../../tickets/server/tickets.contract.ts";

const DAY_MS = 86_400_000;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * The window [from, to) of GET /ticket/kanban: a day is the whole UTC day (the ticket list's
 * reading of its date filters), an instant is taken as given (the web sends the bounds of the
 * browser's local day). No start means today; no end means the start's day.
 */
export function boardWindow(q: Pick<BoardQueryInput, "startDate" | "endDate">, now = new Date()): { from: string; to: string } {
  const start = q.startDate || now.toISOString().slice(0, 10);
  const from = isDay(start) ? new Date(`${start}T00:00:00.000Z`) : new Date(start);
  const end = q.endDate || (isDay(start) ? start : "");
  const to =
    end === ""
      ? new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + DAY_MS)
      : isDay(end)
        ? new Date(Date.parse(`${end}T00:00:00.000Z`) + DAY_MS)
        : new Date(end);
  if (to.getTime() <= from.getTime()) throw new AppError("ERR_VALIDATION", { fields: { endDate: "endDate before startDate" } });
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The board's reads: lanes from the tags' view, tickets from the tickets plugin's board service. */
export class KanbanService {
  constructor(
    private db: Db,
    private services: Services,
  ) {}

  /**
   * The company's lanes by name, each with how many tickets carry it: one grouped read of the
   * ticket tags' covering index, over the lanes only (a company's plain tags may be many more).
   */
  async lanes(companyId: number) {
    const rows = await this.db
      .select()
      .from(tagsView)
      .where(and(eq(tagsView.companyId, companyId), eq(tagsView.kanban, 1)))
      .orderBy(asc(tagsView.name), asc(tagsView.id));
    if (!rows.length) return [];
    const counts = await this.db
      .select({ tagId: ticketTagsView.tagId, n: count() })
      .from(ticketTagsView)
      .where(
        and(
          eq(ticketTagsView.companyId, companyId),
          inArray(
            ticketTagsView.tagId,
            rows.map((lane) => lane.id),
          ),
        ),
      )
      .groupBy(ticketTagsView.tagId);
    const byTag = new Map(counts.map((c) => [c.tagId, Number(c.n)]));
    return rows.map(({ companyId: _company, ...lane }) => ({ ...lane, ticketsCount: byTag.get(lane.id) ?? 0 }));
  }

  /**
   * Moves a ticket to a lane (null: the default lane) in ONE transaction: the company's lanes
   * are read, then the tickets plugin takes every lane link off the ticket and links the new
   * lane (its other tags stay). Announced after the commit. Only a ticket the user may open
   * (the tickets plugin's rule: ERR_NO_TICKET_FOUND 404, ERR_NO_PERMISSION 403), since a lane
   * can move a ticket on or message its customer (lane timers and greetings).
   */
  async move(user: UserRow, ticketId: number, laneId: number | null): Promise<{ ticketId: number; laneId: number | null }> {
    const companyId = user.companyId;
    await this.services.require("tickets.openable")(user, ticketId);
    const moved = await this.db.transaction(async (tx) => {
      const tags = await tx
        .select({ id: tagsView.id, kanban: tagsView.kanban })
        .from(tagsView)
        .where(and(eq(tagsView.companyId, companyId), laneId === null ? eq(tagsView.kanban, 1) : or(eq(tagsView.kanban, 1), eq(tagsView.id, laneId))));
      const target = tags.find((tag) => tag.id === laneId);
      if (laneId !== null && !target) throw new AppError("ERR_NOT_FOUND");
      if (target && target.kanban !== 1) throw new AppError("ERR_VALIDATION", { fields: { laneId: "Not a kanban lane" } });
      const lanes = tags.filter((tag) => tag.kanban === 1).map((tag) => tag.id);
      return this.services.require("tickets.swapTags")({ companyId, ticketId, removeTagIds: lanes, addTagId: laneId }, tx);
    });
    await moved.announce();
    return { ticketId, laneId };
  }

  board(user: UserRow, q: BoardQueryInput) {
    return this.services.require("tickets.board")(user, { queueIds: q.queueIds, ...boardWindow(q) });
  }
}
