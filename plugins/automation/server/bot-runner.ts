import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../core/db/database.ts";
import { preparedPer } from "../../../core/db/prepared.ts";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { BotWrite } from "../../tickets/server/bot.contract.ts";
import type { TicketRow } from "../../tickets/server/tickets.contract.ts";
import { automationBotStates } from "../schema/tables.ts";
import type { Decision } from "./engine/actions.ts";
import { type BotState, initialState, type TimerKind } from "./engine/bot-state.ts";
import type { HandOvers, HeldTurn } from "./hand-over/hand-overs.ts";
import { decideInbound } from "./engine/decide-inbound.ts";
import { decideTimer } from "./engine/decide-timer.ts";
import { positionText } from "./engine/queue-position.ts";
import type { Snapshot } from "./engine/snapshot.ts";
import { buildSnapshot } from "./snapshot-builder.ts";
import { interactiveWrite } from "./writes.ts";

export const STEP_JOB = "step";
export const TIMER_JOB = "timer";
export const ROTATE_JOB = "rotate";

export interface StepPayload {
  ticketId: number;
  messageId: number;
  /**
   * A plugin's start rule claimed the message for a handler (`automation.startHandOver`):
   * the turn hands the conversation to this holder (`<kind>:<ref>`) instead of asking the engine.
   */
  start?: string;
}
export interface TimerPayload {
  ticketId: number;
  kind: TimerKind;
  at: number;
}

/** Another turn of the same ticket committed first: this one starts over on the fresh state. */
class LostRace extends Error {}
/** Turns of one ticket that may race before one gives up (each loser re-reads everything). */
const MAX_TRIES = 5;

type StateRow = typeof automationBotStates.$inferSelect;

/** What one turn starts from: the engine's decision, or the turn of the hand-over provider holding the ticket. */
interface Prepared {
  ticket: TicketRow;
  row: StateRow | null;
  lastMessageId: number;
  decide?: (s: Snapshot) => Decision;
  held?: () => Promise<HeldTurn | null>;
}

/**
 * Runs the decision engine for one ticket and lands its outcome: the tickets plugin's writes
 * (messages with their delivery outbox rows, queue, attendant, close, isBot, logs), the
 * timer and rotation jobs, and the new bot state with a version check, all in ONE unit of
 * the write batcher (sharing the inbound messages' group commits). A turn that lost a race with another turn of the ticket rolls back and runs
 * again on the fresh state, so two messages never get two answers built on one state.
 */
export class BotRunner {
  constructor(
    private ctx: PluginContext,
    private handOvers: HandOvers,
  ) {}

  /**
   * The step job: a customer's message was stored on a ticket the bot or a hand-over
   * provider may handle. A ticket a registered provider holds is that provider's turn
   * (hand-overs.ts), in the same lane, with the same exactly-once bookkeeping and races.
   */
  async step(companyId: number, payload: StepPayload): Promise<void> {
    await this.turn(async () => {
      const context = await this.ctx.services.require("tickets.botContext")(companyId, payload.ticketId, payload.messageId);
      if (!context?.message) return null;
      const row = await this.stateRow(payload.ticketId);
      // Answered already: a retried job, or a message that came with one answered since.
      if (row && payload.messageId <= row.lastMessageId) return null;
      const message = context.message;
      const prepared = { ticket: context.ticket, row, lastMessageId: context.latestInboundId };
      if (payload.start) return { ...prepared, held: () => this.handOvers.start(context.ticket, payload.start ?? "") };
      if (this.handOvers.holding(context.ticket)) return { ...prepared, held: () => this.handOvers.turn(context.ticket, message) };
      return { ...prepared, decide: (s: Snapshot) => decideInbound(s, { body: message.body, fromMe: message.fromMe }) };
    });
  }

  /** The timer job: a ticket's redirect or bot timeout came due. */
  async timer(companyId: number, payload: TimerPayload): Promise<void> {
    await this.turn(async () => {
      const context = await this.ctx.services.require("tickets.botContext")(companyId, payload.ticketId, 0);
      const row = await this.stateRow(payload.ticketId);
      // A timer is armed only with a state: without one (the ticket was deleted) it is stale.
      if (!context || !row) return null;
      return { ticket: context.ticket, row, lastMessageId: row.lastMessageId, decide: (s: Snapshot) => decideTimer(s, { kind: payload.kind, at: payload.at }) };
    });
  }

  private async turn(prepare: () => Promise<Prepared | null>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const prepared = await prepare();
      if (!prepared) return;
      const { ticket, row } = prepared;
      try {
        if (prepared.held) {
          const held = await prepared.held();
          if (held) await this.landHeld(ticket, row, prepared.lastMessageId, held);
          return;
        }
        if (!prepared.decide) return;
        const built = await buildSnapshot(this.ctx, this.handOvers.registry, ticket, row?.state ?? null, Date.now());
        if (!built) return;
        await this.land(ticket, row, prepared.lastMessageId, prepared.decide(built.snapshot));
        return;
      } catch (err) {
        if (!(err instanceof LostRace) || attempt >= MAX_TRIES) throw err;
      }
    }
  }

  /**
   * A provider's turn: its writes, applied only while it still holds the ticket (an
   * attendant who took it, a close, a keyword in an earlier turn: tickets answers null and
   * the turn starts over on the ticket as it is now), with the message marked answered.
   */
  private async landHeld(ticket: TicketRow, row: StateRow | null, lastMessageId: number, held: HeldTurn): Promise<void> {
    const alongside = (db: SyncDb) => saveState(db, ticket, row, row?.state ?? initialState(), Math.max(lastMessageId, row?.lastMessageId ?? 0));
    if (!held.writes.length) {
      await this.ctx.writes.run((unit) => alongside(unit.db));
      return;
    }
    const applied = await this.ctx.services.require("tickets.botApply")(ticket.companyId, ticket.id, held.writes, alongside, { expectHolder: held.holder });
    if (!applied) throw new LostRace();
  }

  /**
   * Executes the decision and writes the state in ONE write-batcher unit (tickets' writes,
   * then the jobs and the state alongside); tickets announces after the commit.
   */
  private async land(ticket: TicketRow, row: StateRow | null, lastMessageId: number, decision: Decision): Promise<void> {
    const writes = await this.writesOf(ticket, decision);
    const unchanged = !writes.length && row !== null && sameState(row.state, decision.state) && row.lastMessageId >= lastMessageId;
    // Nothing to say or change (a waiting ticket's message): no write at all.
    if (unchanged || (!writes.length && row === null && isNothing(decision))) return;
    const consent = decision.actions.some((a) => a.type === "recordConsent");
    const alongside = (db: SyncDb) => {
      // The consent lands with the turn that read it, or not at all.
      if (consent) this.ctx.services.require("contacts.recordLgpdConsent")(db, ticket.companyId, ticket.contactId, new Date().toISOString());
      this.jobsOf(db, ticket, decision);
      saveState(db, ticket, row, decision.state, Math.max(lastMessageId, row?.lastMessageId ?? 0));
    };
    if (!writes.length) {
      await this.ctx.writes.run((unit) => alongside(unit.db));
    } else {
      const applied = await this.ctx.services.require("tickets.botApply")(ticket.companyId, ticket.id, writes, alongside);
      // Taken by an attendant since the snapshot: decide again on the ticket as it is now.
      if (!applied) throw new LostRace();
    }
    if (consent) await this.ctx.services.require("contacts.changed")(ticket.companyId, ticket.contactId);
  }

  /** The tickets plugin's writes for the decision's actions, in order. */
  private async writesOf(ticket: TicketRow, decision: Decision): Promise<BotWrite[]> {
    const out: BotWrite[] = [];
    for (const a of decision.actions) {
      switch (a.type) {
        case "send":
          if (a.media && a.interactive) {
            // A stored message is either media or interactive (one dataJson): a greeting
            // media with a list/buttons menu goes first on its own, or the menu would lose
            // its list on a channel that shows lists.
            out.push({ type: "send", text: "", media: a.media });
            out.push({ type: "send", text: a.text, interactive: interactiveWrite(a.text, a.interactive) });
            break;
          }
          out.push({ type: "send", text: a.text, ...(a.media ? { media: a.media } : {}), ...(a.interactive ? { interactive: interactiveWrite(a.text, a.interactive) } : {}) });
          break;
        case "setQueue":
          // The engine follows it with its own `log` action.
          out.push({ type: "setQueue", queueId: a.queueId, log: null });
          break;
        case "assignUser":
          out.push({ type: "assignUser", userId: a.userId });
          break;
        case "closeTicket":
          out.push({ type: "close" });
          break;
        case "setBot":
          // `attempts` (amountUsedBotQueues) is kept in the bot state, where the engine reads it.
          out.push({ type: "setBot", isBot: a.isBot });
          break;
        case "log":
          out.push({ type: "log", log: a.log, queueId: a.queueId });
          break;
        case "setStatus":
          out.push({ type: "setStatus", status: a.status });
          break;
        case "rate":
          out.push({ type: "rate", score: a.score });
          break;
        case "announcePosition": {
          const position = await this.ctx.services.require("tickets.queuePosition")(ticket.companyId, ticket.id, a.queueId);
          out.push({ type: "send", text: positionText(a.text, position) });
          break;
        }
        // Through the hand-over registry: the engine offers these options only when a provider of the kind is registered.
        case "handOver":
          out.push(...(await this.handOvers.handOver(ticket, "integration", String(a.integrationId))));
          break;
        case "sendFileList":
          out.push(...(await this.handOvers.once(ticket, "file", String(a.fileListId))));
          break;
        // Timers and rotation are jobs (jobsOf).
        default:
          break;
      }
    }
    return out;
  }

  /** Timer and rotation jobs, in the turn's unit (the outbox). */
  private jobsOf(db: SyncDb, ticket: TicketRow, decision: Decision): void {
    const { companyId } = ticket;
    for (const a of decision.actions) {
      if (a.type === "scheduleTimer") {
        const payload: TimerPayload = { ticketId: ticket.id, kind: a.kind, at: a.at };
        this.ctx.jobs.enqueueSync(db, TIMER_JOB, payload, { companyId, dueAt: a.at, dedupeKey: `timer:${ticket.id}:${a.kind}:${a.at}` });
      } else if (a.type === "askRotation") {
        // One round now; the rotation re-arms itself while the queue has tickets waiting.
        this.ctx.jobs.enqueueSync(db, ROTATE_JOB, { queueId: a.queueId }, { companyId, dedupeKey: `rotate:${a.queueId}:ticket:${ticket.id}` });
      }
    }
  }

  private async stateRow(ticketId: number): Promise<StateRow | null> {
    return (await stateStatements(this.ctx.db).row.get({ ticketId })) ?? null;
  }
}

const p = sql.placeholder;
/** Built once per handle: every turn reads the state, and writes it in its unit. */
const stateStatements = preparedPer((db: Db) => ({
  row: db
    .select()
    .from(automationBotStates)
    .where(eq(automationBotStates.ticketId, p("ticketId")))
    .limit(1)
    .prepare(),
}));
const saveStatements = preparedPer((db: SyncDb) => ({
  update: db
    .update(automationBotStates)
    .set({ state: sql`${p("state")}`, version: sql`${p("version")}`, lastMessageId: sql`${p("lastMessageId")}` })
    .where(and(eq(automationBotStates.ticketId, p("ticketId")), eq(automationBotStates.version, p("read"))))
    .returning({ v: automationBotStates.version })
    .prepare(),
  insert: db
    .insert(automationBotStates)
    .values({ ticketId: p("ticketId"), companyId: p("companyId"), state: p("state"), version: 1, lastMessageId: p("lastMessageId") })
    .onConflictDoNothing()
    .returning({ v: automationBotStates.version })
    .prepare(),
}));

/** Insert, or update the version read: a turn that raced and lost finds no row to change (and undoes its unit). */
function saveState(db: SyncDb, ticket: TicketRow, row: StateRow | null, state: BotState, lastMessageId: number): void {
  const s = saveStatements(db);
  // The insert's placeholder is the json column's (Drizzle stringifies it); the update's is bare SQL.
  const saved = row
    ? s.update.get({ state: JSON.stringify(state), version: row.version + 1, lastMessageId, ticketId: ticket.id, read: row.version })
    : s.insert.get({ ticketId: ticket.id, companyId: ticket.companyId, state, lastMessageId });
  if (!saved) throw new LostRace();
}

const sameState = (a: BotState, b: BotState) => JSON.stringify(a) === JSON.stringify(b);
/** A decision that only says why the bot left the message alone. */
const isNothing = (d: Decision) => d.actions.every((a) => a.type === "notHandled");
