import { eq } from "drizzle-orm";
import type { SyncDb } from "../../../core/db/write-batch.ts";
import type { PluginJobs } from "../../../core/jobs/jobs.ts";
import type { InboundStored } from "../../tickets/server/bot.contract.ts";
import { whatsappsView } from "../schema/views.ts";
import { skipReason } from "./engine/skip-reason.ts";
import { STEP_JOB, type StepPayload } from "./bot-runner.ts";

const groupAsTicket = (db: SyncDb, whatsappId: number) =>
  db.select({ groupAsTicket: whatsappsView.groupAsTicket }).from(whatsappsView).where(eq(whatsappsView.id, whatsappId)).get()?.groupAsTicket === "enabled";

/**
 * The step tickets runs inside the receive unit of each new message: the engine's cheap
 * "who is handled" rule on what the pipeline already holds (an open ticket costs one call
 * and no query), then the durable `step` job in the same unit, keyed by the message, so a
 * message is answered once whatever retries or crashes happen.
 */
export function inboundStep(jobs: PluginJobs) {
  return ({ db, message, ticket, contact }: InboundStored): void => {
    const skip = skipReason({
      ticket,
      contact,
      inbound: { fromMe: message.fromMe },
      groupAsTicket: () => groupAsTicket(db, ticket.whatsappId),
    });
    if (skip) return;
    const payload: StepPayload = { ticketId: ticket.id, messageId: message.id };
    jobs.enqueueSync(db, STEP_JOB, payload, { companyId: ticket.companyId, dedupeKey: `step:${message.id}` });
  };
}
