import { and, eq, sql } from "drizzle-orm";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { HandOverProvider } from "../../automation/server/hand-over.contract.ts";
import type { BotWrite } from "../../tickets/server/bot.contract.ts";
import type { MessageRow, TicketRow } from "../../tickets/server/tickets.contract.ts";
import { ATTENDANT_HOLDER, handlerHolder, parseHolder } from "../../tickets/shared/holder.contract.ts";
import { type FlowCursor, type FlowGraph, type FlowInput, type FlowTurn, fold, handOverTargets, menuOptions, runFlow } from "../shared/flow-engine.ts";
import { flowNodeCounts, flowStates, flows, flowVersions } from "../schema/tables.ts";
import { queuesView } from "../schema/views.ts";
import { graphOf } from "./flows.service.ts";

export const RESUME_JOB = "resume";
export interface ResumePayload {
  ticketId: number;
  /** The state's rev the wait was armed with: a job of an older state is stale. */
  rev: number;
}

/** Customer messages gathered by the debounce window, answered in one turn. */
export const ANSWER_JOB = "answer";
export interface AnswerPayload {
  ticketId: number;
  /** The state's rev the window opened on: a job of an older state is stale. */
  rev: number;
  /** The first customer message of the window: it and every later one are the answer. */
  fromMessageId: number;
}

/** An attendant wrote to the customer of a ticket a flow holds (takeover rule). */
export const TAKEOVER_JOB = "takeover";
export interface TakeoverPayload {
  ticketId: number;
  /** The flow holding the ticket when the attendant wrote (`flow:<id>`). */
  holder: string;
  /** The attendant who wrote (from the app or the API); null for the connection's phone. */
  userId: number | null;
}

/** The most customer messages one debounced answer reads. */
const MAX_GATHERED = 50;

type StateRow = typeof flowStates.$inferSelect;
/** The part of a state a turn decides. */
interface Decided {
  flowId: number | null;
  versionId: number | null;
  cursor: FlowCursor | null;
  variables: Record<string, string>;
}

const parseVars = (text: string | null | undefined): Record<string, string> => {
  try {
    const v = JSON.parse(text ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
};

const parseList = (text: string | null | undefined): string[] => {
  try {
    const v = JSON.parse(text ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

/**
 * What a flow waiting at `at` hears from several customer messages answered together: a
 * menu takes the last one that is one of its options (else the last one, which repeats the
 * menu once); a question takes them all, one per line.
 */
export function gatheredAnswer(graph: FlowGraph, cursor: FlowCursor, texts: string[]): string {
  const node = graph.nodes.find((n) => n.id === cursor.nodeId);
  const lines = texts.map((t) => t.trim()).filter(Boolean);
  if (cursor.waiting === "menu" && node) {
    const options = menuOptions((node.data ?? {}) as Record<string, unknown>);
    const valid = (t: string) => options.some((o) => fold(o.number) === fold(t) || (o.value.trim() !== "" && fold(o.value) === fold(t)));
    return lines.findLast(valid) ?? lines.at(-1) ?? "";
  }
  return lines.join("\n");
}

const cursorOf = (row: Pick<StateRow, "nodeId" | "waiting" | "element" | "variables">): FlowCursor | null =>
  row.nodeId && row.waiting ? { nodeId: row.nodeId, waiting: row.waiting, element: row.element, variables: parseVars(row.variables) } : null;

/** A turn lost to a concurrent one (the state's rev moved): the turn is decided again. */
class StaleState extends Error {}

/**
 * The flow engine in conversations (issue 26): the hand-over provider of kind `flow`. A turn
 * reads the ticket's state (flow, version, node, variables), runs the pure engine and answers
 * bot writes; the state, and an interval's durable job, are written with a rev check so two
 * turns never both advance a conversation. A conversation stays on the version it started with.
 */
export class FlowRuntime {
  constructor(private ctx: PluginContext) {}

  provider(): HandOverProvider {
    return {
      kind: "flow",
      start: (ticket, ref) => this.turn(ticket, ref, { kind: "start" }, null),
      onMessage: (ticket, message, ref) => this.onMessage(ticket, message, ref),
      end: (t) => this.finish(t.companyId, t.ticketId),
    };
  }

  /** The interval's job: the flow goes on from its wait, through `tickets.botApply` while the flow still holds the ticket. */
  async resume(companyId: number, payload: ResumePayload): Promise<void> {
    const row = await this.state(payload.ticketId);
    if (!row || row.companyId !== companyId || row.rev !== payload.rev || row.waiting !== "interval" || !row.flowId || !row.versionId) return;
    const context = await this.ctx.services.require("tickets.botContext")(companyId, payload.ticketId, 0);
    const holder = handlerHolder("flow", row.flowId);
    if (!context || context.ticket.holder !== holder) return;
    const graph = await this.graph(row.versionId);
    if (!graph) return;
    const turn = await this.run(context.ticket, graph, cursorOf(row), { kind: "resume" }, parseVars(row.variables));
    await this.landOutside(context.ticket, row, holder, turn, row.lastMessageId, row.before);
  }

  /**
   * A customer's message while the flow holds the ticket. Waiting for a menu's or question's
   * answer with a debounce window: nothing now; the `answer` job answers this message and any
   * that follow within the window in one turn (keyed by the state's rev, so the window's later
   * messages find it queued). Otherwise the turn runs at once.
   */
  private async onMessage(ticket: TicketRow, message: MessageRow, ref: string): Promise<BotWrite[]> {
    const row = await this.state(ticket.id);
    if (row?.flowId === Number(ref) && (row.waiting === "menu" || row.waiting === "question") && message.id > row.lastMessageId) {
      const seconds = (await this.settings(ticket.companyId, row.flowId))?.debounceSeconds ?? 0;
      if (seconds > 0) {
        const payload: AnswerPayload = { ticketId: ticket.id, rev: row.rev, fromMessageId: message.id };
        await this.ctx.jobs.enqueue(ANSWER_JOB, payload, { companyId: ticket.companyId, dueAt: Date.now() + seconds * 1000, dedupeKey: `answer:${ticket.id}:${row.rev}` });
        return [];
      }
    }
    return this.turn(ticket, ref, { kind: "message", text: message.body }, message.id);
  }

  /** The debounce window closed: the customer's messages since its first are answered in one turn. */
  async answer(companyId: number, payload: AnswerPayload): Promise<void> {
    const row = await this.state(payload.ticketId);
    if (!row || row.companyId !== companyId || row.rev !== payload.rev || !row.flowId || !row.versionId) return;
    const cursor = cursorOf(row);
    if (!cursor || cursor.waiting === "interval") return;
    const context = await this.ctx.services.require("tickets.botContext")(companyId, payload.ticketId, 0);
    const holder = handlerHolder("flow", row.flowId);
    if (!context || context.ticket.holder !== holder) return;
    const lines = (await this.ctx.services.require("tickets.recentMessages")(companyId, payload.ticketId, MAX_GATHERED)).filter((l) => !l.fromMe && l.id >= payload.fromMessageId);
    if (!lines.length) return;
    const graph = await this.graph(row.versionId);
    if (!graph) return;
    const text = gatheredAnswer(
      graph,
      cursor,
      lines.map((l) => l.body),
    );
    const turn = await this.run(context.ticket, graph, cursor, { kind: "message", text }, parseVars(row.variables));
    const lastId = Math.max(...lines.map((l) => l.id));
    const saved = await this.landOutside(context.ticket, row, holder, turn, lastId, null);
    // A message stored while this turn ran found the window's job taken: it opens the next window.
    if (!saved?.cursor || saved.cursor.waiting === "interval") return;
    const later = (await this.ctx.services.require("tickets.recentMessages")(companyId, payload.ticketId, MAX_GATHERED)).find((l) => !l.fromMe && l.id > lastId);
    if (!later) return;
    const seconds = (await this.settings(companyId, row.flowId))?.debounceSeconds ?? 0;
    const next: AnswerPayload = { ticketId: payload.ticketId, rev: saved.rev, fromMessageId: later.id };
    await this.ctx.jobs.enqueue(ANSWER_JOB, next, { companyId, dueAt: Date.now() + seconds * 1000, dedupeKey: `answer:${payload.ticketId}:${saved.rev}` });
  }

  /**
   * Takeover rule: an attendant wrote to the customer of a ticket the flow still holds. With
   * the flow's `stopOnAttendantMessage`, the flow stops: an attendant of the app or the API
   * gets the ticket (open, theirs); a message from the connection's phone (no user) leaves it
   * held by the attendant side, so neither the flow nor the chatbot answers the customer.
   */
  async takeover(companyId: number, payload: TakeoverPayload): Promise<void> {
    const held = parseHolder(payload.holder);
    if (held.by !== "handler" || held.kind !== "flow") return;
    const settings = await this.settings(companyId, Number(held.ref));
    if (settings && !settings.stopOnAttendantMessage) return;
    const context = await this.ctx.services.require("tickets.botContext")(companyId, payload.ticketId, 0);
    if (!context || context.ticket.holder !== payload.holder) return;
    const writes: BotWrite[] = payload.userId !== null ? [{ type: "assignUser", userId: payload.userId }] : [{ type: "handOver", holder: ATTENDANT_HOLDER, reason: "attendant" }];
    const stopped = await this.ctx.services.require("tickets.botApply")(companyId, payload.ticketId, writes, () => {}, { expectHolder: payload.holder });
    if (stopped) this.ctx.log.info(`flows: ticket ${payload.ticketId}: an attendant wrote to the customer, flow ${held.ref} stopped`);
  }

  /**
   * A turn decided outside a customer's bot turn (an interval's end, a debounced answer):
   * its writes through `tickets.botApply` while the flow still holds the ticket, the state
   * alongside. Answers the state written, or null when the ticket was taken meanwhile.
   */
  private async landOutside(
    ticket: TicketRow,
    row: StateRow,
    holder: string,
    turn: FlowTurn,
    lastMessageId: number,
    before: string | null,
  ): Promise<{ cursor: FlowCursor | null; rev: number } | null> {
    const next: Decided = { flowId: row.flowId, versionId: row.versionId, cursor: turn.cursor, variables: turn.variables };
    const all = await this.writesOf(ticket, turn);
    // A Typebot/OpenAI node reached here: outside a bot turn the next handler's greeting
    // would not follow, so the hand-over goes through automation (its start writes too).
    const passOn = all.find((w): w is Extract<BotWrite, { type: "handOver" }> => w.type === "handOver" && w.holder !== null && w.holder !== holder);
    const writes = passOn ? all.filter((w) => w !== passOn) : all;
    const alongside = (db: SyncDb) => this.save(db, ticket, row, next, lastMessageId, before, turn, false);
    if (!writes.length) await this.ctx.writes.run((unit) => alongside(unit.db));
    else if (!(await this.ctx.services.require("tickets.botApply")(ticket.companyId, ticket.id, writes, alongside, { expectHolder: holder }))) return null;
    if (passOn?.holder) await this.ctx.services.require("automation.handOverTicket")(ticket.companyId, ticket.id, passOn.holder, { expectHolder: holder, start: true });
    return { cursor: turn.cursor, rev: row.rev + 1 };
  }

  /** A turn of the provider: start (messageId null) or a customer's message. */
  private async turn(ticket: TicketRow, ref: string, input: FlowInput, messageId: number | null): Promise<BotWrite[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tryTurn(ticket, ref, input, messageId);
      } catch (err) {
        if (!(err instanceof StaleState) || attempt >= 3) throw err;
      }
    }
  }

  private async tryTurn(ticket: TicketRow, ref: string, input: FlowInput, messageId: number | null): Promise<BotWrite[]> {
    const flowId = Number(ref);
    const row = await this.state(ticket.id);
    let base: Decided;
    if (input.kind === "start") {
      const flow = await this.published(ticket.companyId, flowId);
      if (!flow) {
        this.ctx.log.warn(`flows: flow ${ref} cannot start on ticket ${ticket.id} (missing, inactive or never saved)`);
        return [{ type: "handOver", holder: null, reason: "done" }];
      }
      base = { flowId, versionId: flow.versionId, cursor: null, variables: parseVars(row?.variables) };
    } else {
      // A retried turn of the same message starts again from the state before it.
      const source = row && messageId !== null && row.lastMessageId === messageId && row.before ? { ...row, ...JSON.parse(row.before) } : row;
      if (!source || source.flowId !== flowId || !source.versionId) return [{ type: "handOver", holder: null, reason: "done" }];
      base = { flowId, versionId: source.versionId, cursor: cursorOf(source), variables: parseVars(source.variables) };
      if (!base.cursor) return [{ type: "handOver", holder: null, reason: "done" }];
    }
    const graph = base.versionId ? await this.graph(base.versionId) : null;
    if (!graph) return [{ type: "handOver", holder: null, reason: "done" }];
    const turn = await this.run(ticket, graph, base.cursor, input, base.variables);
    const writes = await this.writesOf(ticket, turn);
    const before = row
      ? JSON.stringify({ flowId: row.flowId, versionId: row.versionId, nodeId: row.nodeId, waiting: row.waiting, element: row.element, variables: row.variables })
      : null;
    const lastMessageId = messageId ?? row?.lastMessageId ?? 0;
    const keepBefore = messageId !== null && row?.lastMessageId === messageId ? row.before : before;
    await this.ctx.writes.run((unit) =>
      this.save(unit.db, ticket, row, { ...base, cursor: turn.cursor, variables: turn.variables }, lastMessageId, keepBefore, turn, input.kind === "start"),
    );
    return writes;
  }

  /** The engine's turn, with the hand-overs this company can take asked beforehand (the engine is synchronous). */
  private async run(ticket: TicketRow, graph: FlowGraph, cursor: FlowCursor | null, input: FlowInput, variables: Record<string, string>): Promise<FlowTurn> {
    const allowed = new Set<string>();
    const kinds = this.ctx.services.require("automation.handOverKinds")();
    for (const target of handOverTargets(graph)) {
      const h = parseHolder(target);
      if (h.by !== "handler" || !kinds.includes(h.kind)) continue;
      const kind = h.kind === "integration" ? "integration" : "prompt";
      if (await this.ctx.services.require("queues.referenceExists")(ticket.companyId, kind, Number(h.ref))) allowed.add(target);
    }
    const turn = runFlow(
      graph,
      cursor,
      input,
      { canHandOver: (h) => allowed.has(h), mediaUrl: (name) => (name.startsWith("/public/") ? name : `/public/company${ticket.companyId}/${name}`) },
      variables,
    );
    for (const a of turn.actions) if (a.type === "log") this.ctx.log.info(`flows: ticket ${ticket.id}, node ${a.nodeId}: ${a.note}`);
    return turn;
  }

  /** The turn's bot writes; a flow that ended hands the conversation back (or to its queue, or its next handler). */
  private async writesOf(ticket: TicketRow, turn: FlowTurn): Promise<BotWrite[]> {
    const out: BotWrite[] = [];
    let handedOver = false;
    for (const a of turn.actions) {
      if (a.type === "send")
        out.push({
          type: "send",
          text: a.text,
          ...(a.media ? { media: a.media } : {}),
          // An audio node or element: `record` is the voice note ("gravado na hora"), else a plain audio file.
          ...(a.media && a.mediaType === "audio" ? { voiceNote: a.record !== false } : {}),
        });
      else if (a.type === "setQueue") {
        if (await this.queueExists(ticket.companyId, a.queueId)) out.push({ type: "setQueue", queueId: a.queueId, log: "queue" });
        else this.ctx.log.warn(`flows: ticket ${ticket.id}: queue ${a.queueId} of a ticket node is not the company's; the flow ends without it`);
      } else if (a.type === "handOver") {
        out.push({ type: "handOver", holder: a.holder });
        handedOver = true;
      }
    }
    if (!turn.cursor && !handedOver) out.push({ type: "handOver", holder: null, reason: "done" });
    return out;
  }

  /**
   * Writes the decided state over the one the turn read (rev check), with an interval's job
   * and the counters of the nodes this run reached for the first time, in the same unit.
   * `started`: the turn started the flow (a new run: its reached nodes count again).
   */
  private save(db: SyncDb, ticket: TicketRow, read: StateRow | null, next: Decided, lastMessageId: number, before: string | null, turn: FlowTurn, started: boolean): void {
    const rev = (read?.rev ?? 0) + 1;
    const reached = new Set(started ? [] : parseList(read?.reached));
    const fresh = [...new Set(turn.visited)].filter((id) => !reached.has(id));
    for (const id of fresh) reached.add(id);
    const values = {
      companyId: ticket.companyId,
      flowId: next.cursor ? next.flowId : null,
      versionId: next.cursor ? next.versionId : null,
      nodeId: next.cursor?.nodeId ?? null,
      waiting: next.cursor?.waiting ?? null,
      element: next.cursor?.element ?? 0,
      variables: JSON.stringify(next.variables),
      lastMessageId,
      before,
      // Kept only while the run goes on: a later run of the flow on the ticket counts again.
      reached: next.cursor ? JSON.stringify([...reached]) : "[]",
      rev,
    };
    const written = read
      ? db
          .update(flowStates)
          .set(values)
          .where(and(eq(flowStates.ticketId, ticket.id), eq(flowStates.rev, read.rev)))
          .returning({ rev: flowStates.rev })
          .get()
      : db
          .insert(flowStates)
          .values({ ticketId: ticket.id, ...values })
          .onConflictDoNothing()
          .returning({ rev: flowStates.rev })
          .get();
    if (!written) throw new StaleState();
    if (fresh.length && next.flowId) countReached(db, ticket.companyId, next.flowId, fresh);
    const wait = turn.actions.find((a) => a.type === "wait");
    if (wait && wait.type === "wait" && next.cursor?.waiting === "interval") {
      const payload: ResumePayload = { ticketId: ticket.id, rev };
      this.ctx.jobs.enqueueSync(db, RESUME_JOB, payload, { companyId: ticket.companyId, dueAt: Date.now() + wait.seconds * 1000, dedupeKey: `resume:${ticket.id}:${rev}` });
    }
  }

  /** A flow's takeover rules (null: the flow is gone). */
  private async settings(companyId: number, flowId: number): Promise<{ stopOnAttendantMessage: boolean; debounceSeconds: number } | null> {
    if (!Number.isInteger(flowId) || flowId <= 0) return null;
    const [row] = await this.ctx.db
      .select({ stopOnAttendantMessage: flows.stopOnAttendantMessage, debounceSeconds: flows.debounceSeconds })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId)))
      .limit(1);
    return row ?? null;
  }

  /** The conversation left the flow (done, an attendant, a close, a keyword): the flow stops; its variables stay. */
  private async finish(companyId: number, ticketId: number): Promise<void> {
    await this.ctx.db
      .update(flowStates)
      .set({ flowId: null, versionId: null, nodeId: null, waiting: null, element: 0, before: null, reached: "[]" })
      .where(and(eq(flowStates.ticketId, ticketId), eq(flowStates.companyId, companyId)));
  }

  private async state(ticketId: number): Promise<StateRow | null> {
    const [row] = await this.ctx.db.select().from(flowStates).where(eq(flowStates.ticketId, ticketId)).limit(1);
    return row ?? null;
  }

  /** An active flow of the company with a published version. */
  private async published(companyId: number, flowId: number): Promise<{ versionId: number } | null> {
    if (!Number.isInteger(flowId) || flowId <= 0) return null;
    const [row] = await this.ctx.db
      .select({ versionId: flows.versionId })
      .from(flows)
      .where(and(eq(flows.id, flowId), eq(flows.companyId, companyId), eq(flows.active, true)))
      .limit(1);
    return row?.versionId ? { versionId: row.versionId } : null;
  }

  private async graph(versionId: number): Promise<FlowGraph | null> {
    const [v] = await this.ctx.db.select().from(flowVersions).where(eq(flowVersions.id, versionId)).limit(1);
    return v ? graphOf(v) : null;
  }

  private async queueExists(companyId: number, queueId: number): Promise<boolean> {
    const [q] = await this.ctx.db
      .select({ id: queuesView.id })
      .from(queuesView)
      .where(and(eq(queuesView.id, queueId), eq(queuesView.companyId, companyId)))
      .limit(1);
    return Boolean(q);
  }
}

/** The UTC day a counter row is for (`YYYY-MM-DD`). */
export const counterDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** One more conversation reached each of `nodeIds` today (one upsert for them all). */
function countReached(db: SyncDb, companyId: number, flowId: number, nodeIds: string[]): void {
  const day = counterDay();
  db.insert(flowNodeCounts)
    .values(nodeIds.map((nodeId) => ({ companyId, flowId, nodeId, day, count: 1 })))
    .onConflictDoUpdate({ target: [flowNodeCounts.flowId, flowNodeCounts.day, flowNodeCounts.nodeId], set: { count: sql`${flowNodeCounts.count} + 1` } })
    .run();
}
