import { and, eq, inArray, isNull, lt, or } from "drizzle-orm";
import type { Tx } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { ticketLogs, tickets, type TicketLogType } from "../../schema/tables.ts";
import type { MessageSender } from "../tickets-internals.ts";
import type { TicketRow } from "../tickets.contract.ts";
import { holderLogType } from "../tickets/ticket-holder.ts";
import { restartedClocks } from "../tickets/ticket-clocks.ts";
import { reportTimes } from "../tickets/ticket-times.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import { type DueTicket, dueTickets } from "./expiry-query.ts";

export const EXPIRY_TEXT_JOB = "expiry-text";

/** The automatic text an act of the tick owes the customer, sent by its own job (the outbox). */
export interface ExpiryTextPayload {
  ticketId: number;
  text: "expiresInactiveMessage" | "inactiveMessage";
}

export interface TickResult {
  expired: number;
  warned: number;
  npsClosed: number;
  lgpdClosed: number;
}

/**
 * One tick of the lifecycle's clocks (issue 14): reads the due tickets in one query
 * (expiry-query.ts), then acts on all of them in ONE transaction, each with a conditional
 * UPDATE that holds only while the ticket is still in the status and at the clock it was
 * read with, so a message that came meanwhile, an attendant's move or a second node's tick
 * all make it a no-op: nothing is closed or warned twice, and a restart simply reads what is
 * due again. The texts owed go as `expiry-text` jobs written in that transaction (the
 * outbox): a crash after the commit still sends them, once (`dedupeKey` per ticket and clock).
 * - `expire`: closed (logs `expired`, `closed`), then `expiresInactiveMessage`.
 * - `warn`: `warned_at` set (log `inactive`), then `inactiveMessage` (an empty text only marks it).
 * - `nps`: closed unrated, nothing sent; `lgpd`: closed, nothing sent.
 * Announcements follow the commit.
 */
export class ExpirySweep {
  constructor(
    private ctx: PluginContext,
    private views: TicketViews,
    private sender: MessageSender,
  ) {}

  async tick(now = Date.now()): Promise<TickResult> {
    const due = await dueTickets(this.ctx.db, now);
    const result: TickResult = { expired: 0, warned: 0, npsClosed: 0, lgpdClosed: 0 };
    if (!due.length) return result;
    // An expired ticket may also be due for its warning: the close wins.
    const expiring = new Set(due.filter((t) => t.rule === "expire").map((t) => t.id));
    const acts = due.filter((t) => !(t.rule === "warn" && expiring.has(t.id)));
    const before = new Map(
      (
        await this.ctx.db
          .select()
          .from(tickets)
          .where(inArray(tickets.id, [...new Set(acts.map((t) => t.id))]))
      ).map((r) => [r.id, r]),
    );
    const moved = await this.ctx.db.transaction(async (tx) => {
      const out: { before: TicketRow; after: TicketRow }[] = [];
      for (const t of acts) {
        const row = before.get(t.id);
        if (!row) continue;
        const after = t.rule === "warn" ? await this.warn(tx, t, row) : await this.close(tx, t, row);
        if (!after) continue;
        out.push({ before: row, after });
        if (t.rule === "expire") result.expired++;
        else if (t.rule === "warn") result.warned++;
        else if (t.rule === "nps") result.npsClosed++;
        else result.lgpdClosed++;
      }
      return out;
    });
    for (const m of moved) {
      // A warning changes nothing the list shows.
      if (m.before.status === m.after.status) continue;
      await this.views.announceMoved(m.before, m.after).catch((err) => this.ctx.log.error(`tickets: events of expired ticket ${m.after.id} failed`, err));
    }
    return result;
  }

  /** The `expiry-text` job: the connection's text as it is now, with the message variables. */
  async sendText(companyId: number, payload: ExpiryTextPayload): Promise<void> {
    const [ticket] = await this.ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, payload.ticketId), eq(tickets.companyId, companyId)))
      .limit(1);
    if (!ticket) return;
    const connection = await this.ctx.services.require("connections.get")(companyId, ticket.whatsappId);
    const body = connection?.[payload.text] ?? "";
    if (!body.trim()) return;
    try {
      await this.sender.send({ companyId, ticketId: ticket.id, user: null, body, resolveVariables: true });
    } catch (err) {
      // A text whose variables filled to nothing: nothing to say, and retrying would not change that.
      if (err instanceof AppError && err.code === "ERR_VALIDATION") return;
      throw err;
    }
  }

  private clockColumn(t: DueTicket, row: TicketRow) {
    return row.activityAt === t.clock ? tickets.activityAt : tickets.agentActivityAt;
  }

  private async close(tx: Tx, t: DueTicket, row: TicketRow): Promise<TicketRow | null> {
    if (row.status !== t.status) return null;
    const [after] = await tx
      .update(tickets)
      .set({ status: "closed", unreadMessages: 0, holder: null, ...restartedClocks(), ...reportTimes(row, { status: "closed", userId: row.userId }) })
      .where(and(eq(tickets.id, t.id), eq(tickets.status, row.status), eq(this.clockColumn(t, row), t.clock)))
      .returning();
    if (!after) return null;
    const logs: TicketLogType[] = t.rule === "expire" ? ["expired", "closed"] : ["closed"];
    const handBack = holderLogType(row.holder, null);
    if (handBack) logs.push(handBack);
    await tx.insert(ticketLogs).values(logs.map((type) => ({ companyId: t.companyId, ticketId: t.id, type, userId: null, queueId: after.queueId })));
    if (t.rule === "expire") await this.owe(tx, t, "expiresInactiveMessage");
    return after;
  }

  private async warn(tx: Tx, t: DueTicket, row: TicketRow): Promise<TicketRow | null> {
    if (row.status !== "open") return null;
    const column = this.clockColumn(t, row);
    const [after] = await tx
      .update(tickets)
      .set({ warnedAt: new Date().toISOString() })
      .where(and(eq(tickets.id, t.id), eq(tickets.status, "open"), eq(column, t.clock), or(isNull(tickets.warnedAt), lt(tickets.warnedAt, column))))
      .returning();
    if (!after) return null;
    await tx.insert(ticketLogs).values({ companyId: t.companyId, ticketId: t.id, type: "inactive", userId: null, queueId: after.queueId });
    await this.owe(tx, t, "inactiveMessage");
    return after;
  }

  private owe(tx: Tx, t: DueTicket, text: ExpiryTextPayload["text"]): Promise<void> {
    const payload: ExpiryTextPayload = { ticketId: t.id, text };
    return this.ctx.jobs.enqueue(EXPIRY_TEXT_JOB, payload, { tx, companyId: t.companyId, dedupeKey: `${EXPIRY_TEXT_JOB}:${t.id}:${text}:${t.clock}` });
  }
}
