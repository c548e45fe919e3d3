import { eq, inArray, sql } from "drizzle-orm";
import { preparedPer } from "../../../core/db/prepared.ts";
import { companySettings } from "../../../core/db/tables.ts";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { PluginJobs } from "../../../core/jobs/jobs.ts";
import type { InboundStored } from "../../tickets/server/bot.contract.ts";
import { whatsappQueuesView, whatsappsView } from "../schema/views.ts";
import { skipReason } from "./engine/skip-reason.ts";
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
 * Whether the engine could do anything for a ticket the bot has not taken (`isBot` false)
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

/**
 * The step tickets runs inside the receive unit of each new message: the engine's cheap
 * "who is handled" rule on what the pipeline already holds (an open ticket costs one call
 * and no query), then whether the connection has anything to automate (one statement,
 * three index lookups), then the durable `step` job in the same unit, keyed by the message, so a
 * message is answered once whatever retries or crashes happen. A connection with nothing
 * configured enqueues nothing: each job costs a claim and a completion write that compete
 * with the inbound batches (about half the inbound throughput in the conversations bench).
 */
export function inboundStep(jobs: PluginJobs) {
  return ({ db, message, ticket, contact }: InboundStored): void => {
    let connection: ConnectionGate | undefined;
    const gate = () => (connection ??= statementsFor(db).connection.get({ id: ticket.whatsappId, companyId: ticket.companyId }));
    const skip = skipReason({
      ticket,
      contact,
      inbound: { fromMe: message.fromMe },
      groupAsTicket: () => gate()?.groupAsTicket === "enabled",
    });
    if (skip) return;
    const row = gate();
    // A ticket the bot holds goes on whatever changed since (its menu, its timers), and so
    // does one waiting for the customer's rating or consent (issue 14).
    const awaited = ticket.status === "nps" || ticket.status === "lgpd";
    if (!ticket.isBot && !awaited && (!row || !hasSomethingToDo(row))) return;
    const payload: StepPayload = { ticketId: ticket.id, messageId: message.id };
    jobs.enqueueSync(db, STEP_JOB, payload, { companyId: ticket.companyId, dedupeKey: `step:${message.id}` });
  };
}
