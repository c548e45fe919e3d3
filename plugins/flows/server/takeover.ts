import type { PluginJobs } from "../../../core/jobs/jobs.ts";
import type { InboundStored } from "../../tickets/server/bot.contract.ts";
import type { EventMap } from "../../../core/events/bus.ts";
import "../../tickets/server/tickets-events.contract.ts";
import { TAKEOVER_JOB, type TakeoverPayload } from "./flow-runtime.ts";

/**
 * The takeover rule's two ears (issue 26): an attendant writing to the customer of a ticket a
 * flow holds stops the flow (`FlowRuntime.takeover`, a job in the ticket's lane, after any
 * turn of the flow already queued). Only messages of ours that no bot wrote count.
 */
const heldByFlow = (holder: string | null | undefined): holder is string => Boolean(holder?.startsWith("flow:"));

/**
 * In the receive unit: a NEW message of ours reported by the channel was written on the
 * connection's phone (the bot's own messages are stored before they are sent, so their echo
 * is a duplicate and never reaches the steps). Observes only; never claims.
 */
export function takeoverStep(jobs: PluginJobs) {
  return ({ db, message, ticket }: InboundStored): undefined => {
    if (!message.fromMe || message.isPrivate || !heldByFlow(ticket.holder)) return undefined;
    const payload: TakeoverPayload = { ticketId: ticket.id, holder: ticket.holder, userId: null };
    jobs.enqueueSync(db, TAKEOVER_JOB, payload, { companyId: ticket.companyId, dedupeKey: `takeover:${message.id}` });
    return undefined;
  };
}

/** After commit: a message an attendant wrote (from the app, or through the messages API with a user). */
export function takeoverEvent(jobs: PluginJobs) {
  return async (e: EventMap["tickets.message.created"]): Promise<void> => {
    const { message, ticket } = e;
    if (!message.fromMe || message.isPrivate || message.userId === null || !heldByFlow(ticket.holder)) return;
    const payload: TakeoverPayload = { ticketId: ticket.id, holder: ticket.holder, userId: message.userId };
    await jobs.enqueue(TAKEOVER_JOB, payload, { companyId: e.companyId, dedupeKey: `takeover:${message.id}` });
  };
}
