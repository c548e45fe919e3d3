import { and, asc, count, eq, isNull, lt, or } from "drizzle-orm";
import type { SyncDb } from "../../../../core/db/write-batch.ts";
import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type {} from "../../../connections/server/connections.contract.ts";
import type {} from "../../../contacts/server/contacts.contract.ts";
import { ticketLogs, ticketRatings, tickets, type TicketLogType } from "../../schema/tables.ts";
import { restartedClocks } from "../tickets/ticket-clocks.ts";
import { reportTimes } from "../tickets/ticket-times.ts";
import { holderLogType } from "../tickets/ticket-holder.ts";
import { ATTENDANT_HOLDER, BOT_HOLDER } from "../../shared/holder.contract.ts";
import type { OutboundSender } from "../delivery/messages-sender.ts";
import { isCompanyMediaUrl, mimeOfName } from "../messages/media.ts";
import { attendedStatus } from "../tickets/ticket-lifecycle.support.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import type { BotApplied, BotTicketContext, BotWrite } from "../bot.contract.ts";
import { contextStatements, patchTicket, unitStatements } from "./bot-turn-statements.ts";
import { needsNames, type OutboundContent, type OutboundDraft, outboundDraft } from "../outbound/outbound-message.ts";
import type { OutboundBefore } from "../outbound/outbound-write.ts";
import type { MessageRow, TicketRow } from "../tickets.contract.ts";

/**
 * Whether a bot may still act on the ticket: it waits for the customer's rating or consent
 * (issue 14), or nobody holds it and it waits or talks with the bot.
 */
const botMayAct = (t: TicketRow) => t.status === "nps" || t.status === "lgpd" || (t.userId === null && (t.status === "pending" || t.holder === BOT_HOLDER));

/**
 * The tickets side of a bot turn (`tickets.botContext`, `tickets.botApply`,
 * `tickets.assignWaiting`, `tickets.queuePosition`). A turn's writes are one unit of the write
 * batcher (ctx.writes), like an inbound message's: they share its group commits instead of
 * holding the writer through a transaction of their own, and the automation plugin's state
 * lands in the same unit. Events follow the commit, as the lifecycle emits them.
 */
export class BotTurns {
  constructor(
    private ctx: PluginContext,
    private views: TicketViews,
    private sender: OutboundSender,
  ) {}

  async context(companyId: number, ticketId: number, messageId: number): Promise<BotTicketContext | null> {
    const q = contextStatements(this.ctx.db);
    const ticket = await q.ticket.get({ ticketId, companyId });
    if (!ticket) return null;
    const [message, latest] = await Promise.all([q.message.get({ messageId, ticketId }), q.latestInbound.get({ ticketId })]);
    return { ticket, message: message ?? null, latestInboundId: latest?.id ?? messageId };
  }

  async apply(companyId: number, ticketId: number, writes: BotWrite[], alongside: (db: SyncDb) => void, options?: { expectHolder?: string | null }): Promise<BotApplied | null> {
    // The async reads first (names for the variables): the unit itself must be synchronous.
    const drafts = new Map(writes.flatMap((w) => (w.type === "send" ? [[w, this.draft(companyId, w)] as const] : [])));
    const reads = drafts.size ? await this.outboundReads(companyId, ticketId, [...drafts.values()]) : null;
    return this.ctx.writes.run((unit) => {
      const before = unitStatements(unit.db).ticket.get({ ticketId, companyId });
      if (!before || !botMayAct(before)) return null;
      // A handler's turn acts only while the handler still holds the conversation.
      if (options?.expectHolder !== undefined && before.holder !== options.expectHolder) return null;
      let ticket = before;
      let reason: string | undefined;
      const sent: MessageRow[] = [];
      for (const w of writes) {
        if (w.type === "send") {
          // The one outbound write; variables filled as the ticket now stands (after this turn's moves).
          const message = reads ? this.sender.outbound.inUnit(unit.db, ticket, drafts.get(w)!, reads) : null;
          if (message) sent.push(message);
          continue;
        }
        if (w.type === "rate") {
          ticket = this.rate(unit.db, ticket, w.score);
          continue;
        }
        if (w.type === "handOver" && w.reason) reason = w.reason;
        const { patch, log } = this.change(ticket, w);
        const holderLog = patch.holder !== undefined ? holderLogType(ticket.holder, patch.holder) : null;
        if (Object.keys(patch).length) ticket = patchTicket(unit.db, ticket.id, patch) ?? ticket;
        for (const l of [log, holderLog ? { type: holderLog, userId: null, queueId: ticket.queueId } : null])
          if (l)
            unit.db
              .insert(ticketLogs)
              .values({ companyId, ticketId, type: l.type, userId: l.userId ?? null, queueId: l.queueId })
              .run();
      }
      alongside(unit.db);
      const after = ticket;
      unit.afterCommit(async () => {
        try {
          // The view just announced serves the messages' announcements (no second read of the ticket).
          const known = await this.views.announceMoved(before, after, { reason });
          for (const m of sent) await this.sender.announcer.message("create", m, after, true, known ?? undefined);
        } catch (err) {
          this.ctx.log.error(`tickets: events of bot turn on ticket ${ticketId} failed`, err);
        }
      });
      return { ticket: after };
    });
  }

  /** See `tickets.assignWaiting`: the conditional UPDATE is what keeps two rounds from giving one ticket twice. */
  async assignWaiting(companyId: number, queueId: number, userId: number | null): Promise<{ ticketId: number | null; waiting: number }> {
    const db = this.ctx.db;
    // Held by nobody: not the bot's nor a handler's to finish first.
    const waitingIn = and(eq(tickets.companyId, companyId), eq(tickets.queueId, queueId), eq(tickets.status, "pending"), isNull(tickets.userId), isNull(tickets.holder));
    const waiting = async () => (await db.select({ n: count() }).from(tickets).where(waitingIn))[0]?.n ?? 0;
    if (userId === null) return { ticketId: null, waiting: await waiting() };
    const [oldest] = await db.select().from(tickets).where(waitingIn).orderBy(asc(tickets.createdAt), asc(tickets.id)).limit(1);
    if (!oldest) return { ticketId: null, waiting: 0 };
    const after = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(tickets)
        .set({ status: attendedStatus(oldest), userId, holder: ATTENDANT_HOLDER, ...restartedClocks(), ...reportTimes(oldest, { status: attendedStatus(oldest), userId }) })
        .where(and(eq(tickets.id, oldest.id), eq(tickets.status, "pending"), isNull(tickets.userId), isNull(tickets.holder)))
        .returning();
      if (row) await tx.insert(ticketLogs).values({ companyId, ticketId: row.id, type: "open", userId, queueId });
      return row;
    });
    if (after) await this.views.announceMoved(oldest, after).catch((err) => this.ctx.log.error(`tickets: events of ticket ${after.id} failed`, err));
    return { ticketId: after?.id ?? null, waiting: await waiting() };
  }

  /** Pending tickets of the queue created before this one, plus one. */
  async queuePosition(companyId: number, ticketId: number, queueId: number): Promise<number> {
    const [self] = await this.ctx.db
      .select({ createdAt: tickets.createdAt })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)))
      .limit(1);
    if (!self) return 1;
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.status, "pending"),
          eq(tickets.queueId, queueId),
          // A customer still choosing in the queue's options (or with a handler) is not waiting in line yet.
          isNull(tickets.holder),
          or(lt(tickets.createdAt, self.createdAt), and(eq(tickets.createdAt, self.createdAt), lt(tickets.id, ticketId))),
        ),
      );
    return (row?.n ?? 0) + 1;
  }

  /** The NPS answer: the ticket's rating and the dashboard's row, once per ticket (the first answer counts). */
  private rate(db: SyncDb, t: TicketRow, score: number): TicketRow {
    if (t.userRating !== null) return t;
    db.insert(ticketRatings)
      .values({ companyId: t.companyId, ticketId: t.id, userId: t.userId, queueId: t.queueId, whatsappId: t.whatsappId, rate: score })
      .onConflictDoNothing()
      .run();
    db.insert(ticketLogs).values({ companyId: t.companyId, ticketId: t.id, type: "rated", userId: t.userId, queueId: t.queueId }).run();
    return db.update(tickets).set({ userRating: score }).where(eq(tickets.id, t.id)).returning().get() ?? t;
  }

  /** A ticket column change and its log, for every write but `send` and `rate`. */
  private change(
    t: TicketRow,
    w: Exclude<BotWrite, { type: "send" } | { type: "rate" }>,
  ): { patch: Partial<TicketRow>; log: { type: TicketLogType; userId?: number | null; queueId: number | null } | null } {
    switch (w.type) {
      case "setQueue":
        return { patch: { queueId: w.queueId }, log: w.log ? { type: w.log, queueId: w.queueId } : null };
      case "assignUser":
        return {
          patch: {
            status: attendedStatus(t),
            userId: w.userId,
            holder: ATTENDANT_HOLDER,
            ...restartedClocks(),
            ...reportTimes(t, { status: attendedStatus(t), userId: w.userId }),
          },
          log: { type: "open", userId: w.userId, queueId: t.queueId },
        };
      case "close":
        // A rating's close keeps who attended (the ticket is theirs in the closed tab).
        return {
          patch: { status: "closed", holder: null, unreadMessages: 0, ...restartedClocks(), ...reportTimes(t, { status: "closed", userId: t.userId }) },
          log: { type: "closed", userId: t.status === "nps" ? t.userId : null, queueId: t.queueId },
        };
      case "setStatus":
        if (w.status === t.status) return { patch: {}, log: null };
        return {
          patch: { status: w.status, ...restartedClocks(), ...reportTimes(t, { status: w.status, userId: t.userId }) },
          log: w.status === "lgpd" ? { type: "lgpd", queueId: t.queueId } : null,
        };
      case "setBot": {
        // The bot lets go only of what it holds: a handler or attendant who took over keeps it.
        const holder = w.isBot ? BOT_HOLDER : t.holder === BOT_HOLDER ? null : t.holder;
        return { patch: holder === t.holder ? {} : { holder }, log: null };
      }
      case "handOver":
        return { patch: w.holder === t.holder ? {} : { holder: w.holder }, log: null };
      case "log":
        return { patch: {}, log: { type: w.log, queueId: w.queueId } };
    }
  }

  /** A bot message: no author, variables filled; media only from the company's storage (else left out). */
  private draft(companyId: number, w: Extract<BotWrite, { type: "send" }>): OutboundDraft {
    const media = w.media && isCompanyMediaUrl(companyId, w.media) ? w.media : null;
    const fileName = media?.split("/").pop() ?? "";
    const content: OutboundContent = media
      ? { kind: "file", url: media, mimetype: mimeOfName(fileName), fileName, ...(w.voiceNote === undefined ? {} : { mediaType: "audio", voiceNote: w.voiceNote }) }
      : w.interactive && w.text.trim()
        ? { kind: "structured", mediaType: w.interactive.mediaType, data: w.interactive.data }
        : { kind: "text" };
    return outboundDraft(w.text, { content, variables: true });
  }

  /** The contact's and the connection's names (when a text may hold a variable), read before the unit. */
  private async outboundReads(companyId: number, ticketId: number, drafts: OutboundDraft[]): Promise<OutboundBefore> {
    const refs = drafts.some(needsNames) ? ((await contextStatements(this.ctx.db).ticketRefs.get({ ticketId, companyId })) ?? null) : null;
    return this.sender.outbound.before(companyId, refs, drafts);
  }
}
