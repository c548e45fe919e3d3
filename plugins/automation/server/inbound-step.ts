import { eq, inArray, sql } from "drizzle-orm";
import { preparedPer } from "../../../core/db/prepared.ts";
import { companySettings } from "../../../core/db/tables.ts";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { PluginJobs } from "../../../core/jobs/jobs.ts";
import type { InboundStored } from "../../tickets/server/bot.contract.ts";
import { whatsappQueuesView, whatsappsView } from "../schema/views.ts";
import { ATTENDANT_HOLDER, BOT_HOLDER, parseHolder } from "../../tickets/shared/holder.contract.ts";
import { whoHandles } from "./engine/skip-reason.ts";
import type { HandOverRegistry } from "./hand-over/hand-over-registry.ts";
import { STEP_JOB, type StepPayload } from "./bot-runner.ts";

/** Company settings that make the engine act on a connection without greeting or queues (declared default: "disabled"). */
const ACTING_SETTINGS = ["scheduleType", "DirectTicketsToWallets", "enableLGPD"];

const p = sql.placeholder;
/**
 * Built once per batcher connection: one statement reads what the step needs of the
 * connection, and whether anything besides its greeting would act (a queue of the
 * connection, a company setting of ACTING_SETTINGS not "disabled"), each an index lookup.
 */
const statementsFor = preparedPer((db: SyncDb) => ({
  connection: db
    .select({
      groupAsTicket: whatsappsView.groupAsTicket,
      greetingMessage: whatsappsView.greetingMessage,
      greetingMediaAttachment: whatsappsView.greetingMediaAttachment,
      collectiveVacationMessage: whatsappsView.collectiveVacationMessage,
      othersAct: sql<number>`(EXISTS (SELECT 1 FROM ${whatsappQueuesView} WHERE ${whatsappQueuesView.whatsappId} = ${p("id")})
        OR EXISTS (SELECT 1 FROM ${companySettings} WHERE ${companySettings.companyId} = ${p("companyId")}
          AND ${inArray(companySettings.column, ACTING_SETTINGS)} AND ${companySettings.data} <> 'disabled'))`,
    })
    .from(whatsappsView)
    .where(eq(whatsappsView.id, p("id")))
    .prepare(),
}));

type ConnectionGate = NonNullable<ReturnType<ReturnType<typeof statementsFor>["connection"]["get"]>>;

/**
 * Whether the engine could do anything for a ticket the bot has not taken (holder not `bot`)
 * on this connection: it greets, shows a menu or enters a queue, answers a vacation, or a
 * company setting acts (office hours of any scope, wallets). When none holds, the engine's
 * first turn is "nothing configured" and writes nothing, so the job is not worth its rows.
 * Read in the receive unit, so a configuration committed before the message always counts.
 * Mirrors `start` and the gates of `decideInbound`: a new reason to act must be added here.
 */
function hasSomethingToDo(connection: ConnectionGate): boolean {
  if (connection.greetingMessage.trim() || connection.greetingMediaAttachment || connection.collectiveVacationMessage.trim()) return true;
  return Boolean(connection.othersAct);
}

/** The step job of a message, keyed by it: a message is answered once whatever retries or crashes happen. */
function enqueueStep(jobs: PluginJobs, { db, message, ticket }: InboundStored, start?: string): "claimed" {
  const payload: StepPayload = { ticketId: ticket.id, messageId: message.id, ...(start ? { start } : {}) };
  jobs.enqueueSync(db, STEP_JOB, payload, { companyId: ticket.companyId, dedupeKey: `step:${message.id}` });
  return "claimed";
}

/** `whoHandles` on what the pipeline already holds; the connection is read only for a group ticket. */
function handlingOf({ message, ticket, contact }: InboundStored, gate: () => ConnectionGate | undefined) {
  return whoHandles({ ticket, contact, inbound: { fromMe: message.fromMe }, groupAsTicket: () => gate()?.groupAsTicket === "enabled" });
}

/** The connection's gate row, read at most once per message and only when asked. */
function connectionOf(stored: InboundStored): () => ConnectionGate | undefined {
  let row: { value: ConnectionGate | undefined } | null = null;
  return () => {
    row ??= { value: statementsFor(stored.db).connection.get({ id: stored.ticket.whatsappId, companyId: stored.ticket.companyId }) };
    return row.value;
  };
}

/**
 * The hand-over step (priority `handler`, before anything else): a customer's message on a
 * ticket a registered provider holds (holder `<kind>:<ref>`) is claimed for that provider's
 * turn, the `step` job (bot-runner.ts runs the provider's `onMessage`). A holder whose kind
 * nobody registered is claimed by no one: nobody answers, and the chatbot stays out.
 */
export function handOverStep(jobs: PluginJobs, registry: HandOverRegistry) {
  return (stored: InboundStored): "claimed" | undefined => {
    // The common case first: most tickets are held by nobody, the bot or an attendant.
    if (!stored.ticket.holder || stored.ticket.holder === BOT_HOLDER || stored.ticket.holder === ATTENDANT_HOLDER) return undefined;
    const who = handlingOf(stored, connectionOf(stored));
    if (who.by !== "handler" || !who.ref || !registry.has(who.kind)) return undefined;
    return enqueueStep(jobs, stored);
  };
}

/**
 * The chatbot's step (priority `chatbot`), inside the receive unit of each new message:
 * `whoHandles` on what the pipeline already holds (an open ticket costs one call and no
 * query), then whether the connection has anything to automate (one statement, three index
 * lookups), then the durable `step` job in the same unit, keyed by the message. A connection
 * with nothing configured enqueues nothing: each job costs a claim and a completion write
 * that compete with the inbound batches (about half the inbound throughput in the
 * conversations bench). Claims the message when it enqueues its turn.
 */
export function chatbotStep(jobs: PluginJobs) {
  return (stored: InboundStored): "claimed" | undefined => {
    const gate = connectionOf(stored);
    if (handlingOf(stored, gate).by !== "bot") return undefined;
    const { ticket } = stored;
    // A ticket the bot holds goes on whatever changed since (its menu, its timers), and so
    // does one waiting for the customer's rating or consent (issue 14).
    const awaited = ticket.status === "nps" || ticket.status === "lgpd";
    const row = gate();
    if (ticket.holder !== BOT_HOLDER && !awaited && (!row || !hasSomethingToDo(row))) return undefined;
    return enqueueStep(jobs, stored);
  };
}

/**
 * `automation.startHandOver`: a plugin's start rule (a phrase campaign, a connection's
 * integration, prompt or welcome flow) hands the conversation of this customer message to
 * `holder` (`<kind>:<ref>`). Claimed only for a customer's message on a ticket nobody but the
 * chatbot holds, of a registered kind: the turn (the same `step` job, keyed by the message)
 * writes the hand-over and the provider's `start` writes, or nothing when the ticket was
 * taken meanwhile.
 */
export function startHandOver(jobs: PluginJobs, registry: HandOverRegistry) {
  return (stored: InboundStored, holder: string): "claimed" | undefined => {
    const { ticket, message } = stored;
    if (message.fromMe || (ticket.holder && ticket.holder !== BOT_HOLDER)) return undefined;
    const parsed = parseHolder(holder);
    if (parsed.by !== "handler" || !parsed.ref || !registry.has(parsed.kind)) return undefined;
    return enqueueStep(jobs, stored, holder);
  };
}
