import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { ConnectionRow } from "../../../connections/server/connections.contract.ts";
import { ticketLogs, tickets, type TicketLogType } from "../../schema/tables.ts";
import type { MessageSender } from "../tickets-internals.ts";
import type { TicketRow } from "../tickets.contract.ts";
import { restartedClocks } from "../tickets/ticket-clocks.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import { type DueTicket, dueTickets } from "./expiry-query.ts";

export interface TickResult {
  expired: number;
  warned: number;
  npsClosed: number;
  lgpdClosed: number;
}

/**
 * One tick of the lifecycle's clocks (issue 14): reads the due tickets in one query
 * (expiry-query.ts) and acts on each with a conditional UPDATE that holds only while the
 * ticket is still in the status and at the clock it was read with, so a message that came
 * meanwhile, an attendant's move or a second node's tick all make it a no-op: nothing is
 * closed or warned twice, and a restart simply reads what is due again.
 * - `expire`: closed (logs `expired`, `closed`), then `expiresInactiveMessage`.
 * - `warn`: `warned_at` set (log `inactive`), then `inactiveMessage` (an empty text only marks it).
 * - `nps`: closed unrated, nothing sent; `lgpd`: closed, nothing sent.
 * Texts go through the MessageSender after the commit with the message variables filled.
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
    const connections = new Map<number, Promise<ConnectionRow | null>>();
    const connection = (t: DueTicket) => {
      if (!connections.has(t.whatsappId)) connections.set(t.whatsappId, this.ctx.services.require("connections.get")(t.companyId, t.whatsappId));
      return connections.get(t.whatsappId)!;
    };
    // An expired ticket may also be due for its warning: the close wins.
    const expiring = new Set(due.filter((t) => t.rule === "expire").map((t) => t.id));
    for (const t of due) {
      if (t.rule === "warn" && expiring.has(t.id)) continue;
      try {
        if (t.rule === "warn") {
          if (await this.warn(t, (await connection(t))?.inactiveMessage ?? "")) result.warned++;
        } else if (await this.close(t, t.rule === "expire" ? ((await connection(t))?.expiresInactiveMessage ?? "") : "")) {
          if (t.rule === "expire") result.expired++;
          else if (t.rule === "nps") result.npsClosed++;
          else result.lgpdClosed++;
        }
      } catch (err) {
        this.ctx.log.error(`tickets: expiry of ticket ${t.id} failed`, err);
      }
    }
    return result;
  }

  private clockColumn(t: DueTicket, before: TicketRow) {
    return before.activityAt === t.clock ? tickets.activityAt : tickets.agentActivityAt;
  }

  private async close(t: DueTicket, text: string): Promise<boolean> {
    const before = await this.row(t.id);
    if (!before || before.status !== t.status) return false;
    const logs: TicketLogType[] = t.rule === "expire" ? ["expired", "closed"] : ["closed"];
    const after = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tickets)
        .set({ status: "closed", unreadMessages: 0, isBot: false, ...restartedClocks() })
        .where(and(eq(tickets.id, t.id), eq(tickets.status, before.status), eq(this.clockColumn(t, before), t.clock)))
        .returning();
      if (row) await tx.insert(ticketLogs).values(logs.map((type) => ({ companyId: t.companyId, ticketId: t.id, type, userId: null, queueId: row.queueId })));
      return row;
    });
    if (!after) return false;
    await this.views.announceMoved(before, after);
    await this.say(after, text);
    return true;
  }

  private async warn(t: DueTicket, text: string): Promise<boolean> {
    const before = await this.row(t.id);
    if (before?.status !== "open") return false;
    const column = this.clockColumn(t, before);
    const after = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tickets)
        .set({ warnedAt: new Date().toISOString() })
        .where(and(eq(tickets.id, t.id), eq(tickets.status, "open"), eq(column, t.clock), or(isNull(tickets.warnedAt), lt(tickets.warnedAt, column))))
        .returning();
      if (row) await tx.insert(ticketLogs).values({ companyId: t.companyId, ticketId: t.id, type: "inactive", userId: null, queueId: row.queueId });
      return row;
    });
    if (!after) return false;
    await this.say(after, text);
    return true;
  }

  private async row(id: number): Promise<TicketRow | null> {
    const [row] = await this.ctx.db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
    return row ?? null;
  }

  private async say(ticket: TicketRow, body: string): Promise<void> {
    if (!body.trim()) return;
    try {
      await this.sender.send({ companyId: ticket.companyId, ticketId: ticket.id, user: null, body, resolveVariables: true });
    } catch (err) {
      this.ctx.log.warn("tickets: expiry message not sent", { ticketId: ticket.id, error: String(err) });
    }
  }
}
