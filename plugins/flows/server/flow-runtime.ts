import { and, eq } from "drizzle-orm";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { PluginContext } from "../../../core/plugin/server-plugin.ts";
import type { HandOverProvider } from "../../automation/server/hand-over.contract.ts";
import type { BotWrite } from "../../tickets/server/bot.contract.ts";
import type { TicketRow } from "../../tickets/server/tickets.contract.ts";
import { handlerHolder, parseHolder } from "../../tickets/shared/holder.contract.ts";
import { type FlowCursor, type FlowGraph, type FlowInput, type FlowTurn, handOverTargets, runFlow } from "../shared/flow-engine.ts";
import { flowStates, flows, flowVersions } from "../schema/tables.ts";
import { queuesView } from "../schema/views.ts";
import { graphOf } from "./flows.service.ts";

export const RESUME_JOB = "resume";
export interface ResumePayload {
  ticketId: number;
  /** The state's rev the wait was armed with: a job of an older state is stale. */
  rev: number;
}

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
      onMessage: (ticket, message, ref) => this.turn(ticket, ref, { kind: "message", text: message.body }, message.id),
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
    const ticket = context.ticket;
    const turn = await this.run(ticket, graph, cursorOf(row), { kind: "resume" }, parseVars(row.variables));
    const next: Decided = { flowId: row.flowId, versionId: row.versionId, cursor: turn.cursor, variables: turn.variables };
    const all = await this.writesOf(ticket, turn);
    // A Typebot/OpenAI node reached after the wait: outside a bot turn the next handler's
    // greeting would not follow, so the hand-over goes through automation (its start writes too).
    const passOn = all.find((w): w is Extract<BotWrite, { type: "handOver" }> => w.type === "handOver" && w.holder !== null && w.holder !== holder);
    const writes = passOn ? all.filter((w) => w !== passOn) : all;
    const alongside = (db: SyncDb) => this.save(db, ticket, row, next, row.lastMessageId, row.before, turn);
    if (!writes.length) await this.ctx.writes.run((unit) => alongside(unit.db));
    else if (!(await this.ctx.services.require("tickets.botApply")(companyId, ticket.id, writes, alongside, { expectHolder: holder }))) return;
    if (passOn?.holder) await this.ctx.services.require("automation.handOverTicket")(companyId, ticket.id, passOn.holder, { expectHolder: holder, start: true });
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
    await this.ctx.writes.run((unit) => this.save(unit.db, ticket, row, { ...base, cursor: turn.cursor, variables: turn.variables }, lastMessageId, keepBefore, turn));
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
      if (a.type === "send") out.push({ type: "send", text: a.text, ...(a.media ? { media: a.media } : {}) });
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

  /** Writes the decided state over the one the turn read (rev check), with an interval's job in the same unit. */
  private save(db: SyncDb, ticket: TicketRow, read: StateRow | null, next: Decided, lastMessageId: number, before: string | null, turn: FlowTurn): void {
    const rev = (read?.rev ?? 0) + 1;
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
    const wait = turn.actions.find((a) => a.type === "wait");
    if (wait && wait.type === "wait" && next.cursor?.waiting === "interval") {
      const payload: ResumePayload = { ticketId: ticket.id, rev };
      this.ctx.jobs.enqueueSync(db, RESUME_JOB, payload, { companyId: ticket.companyId, dueAt: Date.now() + wait.seconds * 1000, dedupeKey: `resume:${ticket.id}:${rev}` });
    }
  }

  /** The conversation left the flow (done, an attendant, a close, a keyword): the flow stops; its variables stay. */
  private async finish(companyId: number, ticketId: number): Promise<void> {
    await this.ctx.db
      .update(flowStates)
      .set({ flowId: null, versionId: null, nodeId: null, waiting: null, element: 0, before: null })
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
