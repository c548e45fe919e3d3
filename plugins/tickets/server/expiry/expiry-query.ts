import { sql } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { whatsappsView as w } from "../../schema/views.ts";

/** What a due ticket is due for (issue 14, spec 001 §3 Connection "Expiry"). */
export type DueRule = "expire" | "warn" | "nps" | "lgpd";

export interface DueTicket {
  id: number;
  companyId: number;
  whatsappId: number;
  status: string;
  rule: DueRule;
  /** The clock the rule read, as read: the close or warning applies only while it is unchanged. */
  clock: string;
}

/** Minutes a ticket waits for a rating when the connection sets no `expiresTicketNPS`, and for a consent always: the spec's 24-hour auto-close (000 §9). */
export const DEFAULT_WAIT_MINUTES = 24 * 60;

/** Tickets read per tick at most; the next tick takes the rest. */
export const TICK_LIMIT = 500;

/**
 * The due tickets of every company, in ONE statement: a compound SELECT whose branches each
 * walk the connections that set a clock and, per connection, one range of
 * `tickets_expiry_idx (whatsapp_id, status, activity_at)` or `tickets_agent_expiry_idx`
 * (their `whenExpiresTicket`) below that connection's cut-off. Open tickets that are not due
 * are never read, so the cost follows the due tickets and the connections, not the tickets.
 * - `expire`: open, idle past `expiresTicket` hours, by the customer's or attendant's last
 *   message (`whenExpiresTicket` "0") or the attendant's only ("1").
 * - `warn`: open, idle past `timeInactiveMessage` minutes and not warned since the clock.
 * - `nps`: waiting for a rating past `expiresTicketNPS` minutes (24 hours when unset).
 * - `lgpd`: waiting for a consent past 24 hours.
 * Times are ISO text (the columns' format), so the cut-offs are computed in SQL per connection.
 * `cross join` fixes the loop order (SQLite never reorders it): connections outside, the
 * index range inside. Left to the planner, without statistics it scanned the whole index.
 * The connections' clocks are the columns of their published view (`w`), as Drizzle names them.
 */
export async function dueTickets(db: Db, now: number, limit = TICK_LIMIT): Promise<DueTicket[]> {
  const at = now / 1000;
  const cut = (minutes: ReturnType<typeof sql>) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${at}, 'unixepoch', '-' || (${minutes}) || ' minutes')`;
  const branch = (rule: DueRule, status: string, clock: "activity_at" | "agent_activity_at", minutes: ReturnType<typeof sql>, when: ReturnType<typeof sql>, extra = sql``) =>
    sql`select * from (select t.id as id, t.company_id as companyId, t.whatsapp_id as whatsappId, t.status as status, ${rule} as rule, t.${sql.raw(clock)} as clock
      from ${w} cross join tickets t on t.whatsapp_id = ${w.id} and t.status = ${status} and t.${sql.raw(clock)} < ${cut(minutes)} ${extra}
      where ${when} order by t.${sql.raw(clock)} limit ${limit})`;
  const hours = sql`${w.expiresTicket} * 60`;
  const inactive = sql`${w.timeInactiveMessage}`;
  // A warning is for tickets not yet due to expire: the range is bounded below by the expiry's
  // cut-off (tickets past it are the `expire` branch's), and `warned_at` is read from the index.
  const notExpired = (clock: string) => sql`and t.${sql.raw(clock)} >= case when ${w.expiresTicket} > 0 then ${cut(hours)} else '' end`;
  const notWarned = sql`${notExpired("activity_at")} and (t.warned_at is null or t.warned_at < t.activity_at)`;
  const notWarnedAgent = sql`${notExpired("agent_activity_at")} and (t.warned_at is null or t.warned_at < t.agent_activity_at)`;
  const query = sql.join(
    [
      branch("expire", "open", "activity_at", hours, sql`${w.expiresTicket} > 0 and ${w.whenExpiresTicket} = '0'`),
      branch("expire", "open", "agent_activity_at", hours, sql`${w.expiresTicket} > 0 and ${w.whenExpiresTicket} = '1'`),
      branch("warn", "open", "activity_at", inactive, sql`${w.timeInactiveMessage} > 0 and ${w.whenExpiresTicket} = '0'`, notWarned),
      branch("warn", "open", "agent_activity_at", inactive, sql`${w.timeInactiveMessage} > 0 and ${w.whenExpiresTicket} = '1'`, notWarnedAgent),
      branch("nps", "nps", "activity_at", sql`case when ${w.expiresTicketNPS} > 0 then ${w.expiresTicketNPS} else ${DEFAULT_WAIT_MINUTES} end`, sql`1`),
      branch("lgpd", "lgpd", "activity_at", sql`${DEFAULT_WAIT_MINUTES}`, sql`1`),
    ],
    sql` union all `,
  );
  return db.all<DueTicket>(query);
}
