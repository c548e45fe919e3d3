import { sql, type SQL } from "drizzle-orm";
import { nowIso } from "../../../../core/db/columns.ts";
import { tickets, type TicketStatus } from "../../schema/tables.ts";
import type { TicketRow } from "../tickets.contract.ts";

/*
 * The report times of a ticket (issue 24; README "Read views for reports"), one rule for every
 * path that changes a ticket's status or attendant (lifecycle, bot turns, the rotation, expiry,
 * close all, the inbound reopen, transfers, tickets opened for someone):
 * - `accepted_at`: the first time an attendant holds the ticket (status open or group with a
 *   user); written once, kept through returns to the queue, transfers and reopens, so the wait
 *   time (accepted - created) is the customer's first wait.
 * - `closed_at`: when the ticket was last resolved: it went to `closed`, or to `nps` (the rating
 *   asked: the attendant's work ended there; the close after the customer's answer or the expiry
 *   keeps that time, so the rating's wait never counts as support time). Null while the ticket is
 *   live: any other status clears it (a reopen, a transfer of an `nps` ticket).
 * The helpers answer only the columns that change, so a patch (and a bot turn's prepared UPDATE)
 * grows only when a time is written.
 */

type Times = { acceptedAt?: string; closedAt?: string | null };
type Before = Pick<TicketRow, "status" | "acceptedAt" | "closedAt">;
type After = { status: TicketStatus; userId: number | null };

const attended = (s: TicketStatus) => s === "open" || s === "group";
const resolved = (s: TicketStatus) => s === "closed" || s === "nps";

/** The times a change from `before` to `after` writes (nothing when none changes). */
export function reportTimes(before: Before, after: After, now: string = nowIso()): Times {
  const out: Times = {};
  if (before.acceptedAt === null && after.userId !== null && attended(after.status)) out.acceptedAt = now;
  // From `nps` (or a resolved status to itself) the resolve's time stays.
  const closedAt = !resolved(after.status) ? null : before.status === "nps" || before.status === after.status ? (before.closedAt ?? now) : now;
  if (closedAt !== before.closedAt) out.closedAt = closedAt;
  return out;
}

/** The times of a ticket created in `status` for `userId` (POST /tickets, forwards, sendToContact, a transfer's new ticket). */
export function newTicketTimes(status: TicketStatus, userId: number | null, now: string = nowIso()): Times {
  return reportTimes({ status: "pending", acceptedAt: null, closedAt: null }, { status, userId }, now);
}

/**
 * The same rule as SQL, for UPDATEs that close rows they have not read one by one (close all,
 * closeMany, the expiry sweep): a rating's close keeps the time of the resolve.
 */
export function closedTimesSql(now: string = nowIso()): { closedAt: SQL } {
  return { closedAt: sql`case when ${tickets.status} = 'nps' then coalesce(${tickets.closedAt}, ${now}) else ${now} end` };
}
