import { sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { type LogEntry, queueEnteredAt } from "./metrics.ts";
import type { Range } from "./report-range.ts";

/*
 * What the SLA figures read per ticket (sla-compliance.ts says what they mean): its queue, its
 * clocks, when its SLA clock started (`since`), the customer's first message since then
 * (`asked`) and the first human reply after it (`reply`). The queue entry is metrics.ts's
 * `queueEnteredAt` (bot time excluded), so "first response" is the README's definition; a
 * ticket the bot still holds (never handed to the queue, not accepted) has no clock yet.
 * Reads: the range's tickets through tickets_company_created_idx, their bot and queue logs
 * through ticket_logs_company_type_created_idx (few tickets have any), then per ticket two
 * seeks of messages_ticket_created_idx, batched through json_each.
 */

const BOT_LOGS = sql`('chatBot', 'handOver', 'queue', 'redirect', 'handBack')`;
/** Tickets per messages statement (the ids and instants travel as one JSON parameter). */
const BATCH = 2000;

export interface SlaTicket {
  id: number;
  queueId: number;
  /** The attendant holding it (the dashboard's rows); absent for the panel's. */
  userId?: number | null;
  status: string;
  createdAt: string;
  acceptedAt: string | null;
  closedAt: string | null;
}

export interface SlaTicketFacts extends SlaTicket {
  /** metrics.ts's queue entry: the creation, or a bot's hand-over to the queue; null when the bot gave it straight to an attendant (or still holds it). */
  entered: string | null;
  /** The SLA clock's start: the queue entry, or the acceptance when the bot gave it straight to an attendant; null while a bot holds it. */
  since: string | null;
  /** The customer's first message since `since`; null without one. */
  asked: string | null;
  /** The first attendant's reply (not a note, not a bot's text) at or after `asked`; null without one. */
  reply: string | null;
}

/** The facts of the company's tickets created in the range that sit in a queue (`queuedOnly`), or of all of them (queue 0: none). */
export async function slaFactsOfRange(db: Db, companyId: number, range: Range, queuedOnly = true): Promise<SlaTicketFacts[]> {
  const tickets = await db.all<SlaTicket>(sql`
    select id, coalesce(queue_id, 0) as queueId, user_id as userId, status, created_at as createdAt, accepted_at as acceptedAt, closed_at as closedAt
    from tickets_view
    where company_id = ${companyId} and created_at >= ${range.start} and created_at < ${range.end}${queuedOnly ? sql` and queue_id is not null` : sql``}`);
  if (!tickets.length) return [];
  const logs = await db.all<{ ticketId: number; type: string; createdAt: string }>(sql`
    select l.ticket_id as ticketId, l.type as type, l.created_at as createdAt
    from ticket_logs_view l cross join tickets_view t on t.id = l.ticket_id
    where l.company_id = ${companyId} and l.type in ${BOT_LOGS} and l.created_at >= ${range.start}
      and t.company_id = ${companyId} and t.created_at >= ${range.start} and t.created_at < ${range.end}`);
  return withMessages(db, tickets, logs);
}

/** The facts of a few known tickets (the panel's, at most 500): their logs by ticket id. */
export async function slaFactsOfTickets(db: Db, companyId: number, tickets: readonly SlaTicket[]): Promise<SlaTicketFacts[]> {
  if (!tickets.length) return [];
  const ids = JSON.stringify(tickets.map((t) => t.id));
  const logs = await db.all<{ ticketId: number; type: string; createdAt: string }>(sql`
    select l.ticket_id as ticketId, l.type as type, l.created_at as createdAt
    from json_each(${ids}) j cross join ticket_logs_view l on l.ticket_id = j.value
    where l.company_id = ${companyId} and l.type in ${BOT_LOGS}`);
  return withMessages(db, tickets, logs);
}

async function withMessages(db: Db, tickets: readonly SlaTicket[], logs: readonly { ticketId: number; type: string; createdAt: string }[]): Promise<SlaTicketFacts[]> {
  const byTicket = new Map<number, LogEntry[]>();
  for (const l of logs) {
    const list = byTicket.get(l.ticketId);
    if (list) list.push(l);
    else byTicket.set(l.ticketId, [{ type: l.type, createdAt: l.createdAt }]);
  }
  const facts: SlaTicketFacts[] = tickets.map((t) => {
    const entered = queueEnteredAt(t.createdAt, t.acceptedAt, byTicket.get(t.id) ?? []);
    return { ...t, entered, since: entered ?? t.acceptedAt, asked: null, reply: null };
  });
  const started = facts.filter((f) => f.since !== null);
  const byId = new Map(started.map((f) => [f.id, f]));
  for (let i = 0; i < started.length; i += BATCH) {
    const pairs = JSON.stringify(started.slice(i, i + BATCH).map((f) => [f.id, f.since]));
    const rows = await db.all<{ id: number; asked: string | null; reply: string | null }>(sql`
      with clocks as (select json_extract(value, '$[0]') as tid, json_extract(value, '$[1]') as since from json_each(${pairs})),
      asks as materialized (
        select tid, (
          select min(m.created_at) from ticket_messages_view m
          where m.ticket_id = c.tid and m.created_at >= c.since and m.from_me = 0 and m.is_private = 0
        ) as asked
        from clocks c
      )
      select tid as id, asked, (
        select min(m.created_at) from ticket_messages_view m
        where m.ticket_id = a.tid and m.created_at >= a.asked and m.from_me = 1 and m.user_id is not null and m.is_private = 0
      ) as reply
      from asks a where asked is not null`);
    for (const r of rows) {
      const f = byId.get(Number(r.id));
      if (f) {
        f.asked = r.asked;
        f.reply = r.reply;
      }
    }
  }
  return facts;
}
