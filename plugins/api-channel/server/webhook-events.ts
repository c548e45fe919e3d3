import type { EventBus } from "../../../core/events/bus.ts";
import type { JobContext, PluginJobs } from "../../../core/jobs/jobs.ts";
import type { Logger } from "../../../core/log.ts";
import type { Services } from "../../../core/plugin/services.ts";
import type { ConnectionRow } from "../../connections/server/connections.contract.ts";
import type {} from "../../tickets/server/tickets-events.contract.ts";
import type {} from "../../channels/inbound.contract.ts";
import { type Deliveries, WEBHOOK_JOB, WEBHOOK_KIND, type WebhookJob } from "./deliveries.service.ts";

/**
 * Turns the tickets plugin's bus events into webhooks for API connections: acks as
 * `message.ack`, ticket changes as `ticket.updated`, deletions as `ticket.deleted`.
 * The bus is in-process and not durable, so each event is written to the jobs outbox
 * at once and posted (with retries) by the `api-channel.webhook` job.
 */
export function registerWebhookEvents(deps: { bus: EventBus; jobs: PluginJobs; services: Services; deliveries: Deliveries; log: Logger }) {
  const { bus, jobs, services, deliveries, log } = deps;

  /** The connection when it is an API connection with a webhook URL; events of others are not ours. */
  const target = async (companyId: number, whatsappId: number): Promise<ConnectionRow | null> => {
    const connection = await services.require("connections.get")(companyId, whatsappId);
    return connection && connection.channel === "api" && connection.webhookUrl ? connection : null;
  };

  bus.on("tickets.message.acked", async (e) => {
    if (!(await target(e.companyId, e.whatsappId))) return;
    const key = `message.ack:${e.providerId}:${e.ack}`;
    const payload = { event: "message.ack", message: { id: e.messageId, providerId: e.providerId, ack: e.ack } };
    // An ack level is reached once per message: producers repeating it are harmless.
    await deliveries.enqueue(e.companyId, { whatsappId: e.whatsappId, key, payload }, `${WEBHOOK_KIND}:${e.whatsappId}:${key}`);
  });

  bus.on("tickets.ticket.changed", async (e) => {
    if (e.ticket.channelKind !== "api" && e.ticket.whatsapp?.channelKind !== "api") return;
    // The integrator sent that message itself and got the ticket's ids in the answer:
    // echoing every inbound message as ticket.updated would double its webhook traffic.
    if (e.cause === "inbound") return;
    if (!(await target(e.companyId, e.ticket.whatsappId))) return;
    const key = `ticket.updated:${e.ticket.id}:${e.ticket.updatedAt}`;
    await deliveries.enqueue(e.companyId, { whatsappId: e.ticket.whatsappId, key, payload: { event: "ticket.updated", ticket: e.ticket } });
  });

  bus.on("tickets.ticket.deleted", async (e) => {
    if (!(await target(e.companyId, e.whatsappId))) return;
    const key = `ticket.deleted:${e.ticketId}`;
    const payload = { event: "ticket.deleted", ticket: { id: e.ticketId, whatsappId: e.whatsappId } };
    await deliveries.enqueue(e.companyId, { whatsappId: e.whatsappId, key, payload }, `${WEBHOOK_KIND}:${e.whatsappId}:${key}`);
  });

  jobs.define<WebhookJob>(WEBHOOK_JOB, async (job: JobContext<WebhookJob>) => {
    const { whatsappId, key, payload } = job.payload;
    const companyId = job.companyId;
    // A connection deleted (or changed channel) since: nothing left to deliver to.
    const connection = companyId === null ? null : await services.require("connections.get")(companyId, whatsappId);
    if (connection?.channel !== "api" || companyId === null) {
      log.info(`webhook ${key} dropped: connection ${whatsappId} is gone`);
      return;
    }
    await deliveries.send(connection, payload, key);
    // A manual retry of an outbound message that reached the receiver counts as sent (acks never go down).
    const providerId = (payload.message as { providerId?: unknown } | undefined)?.providerId;
    if (payload.event === "message.created" && typeof providerId === "string") await services.require("tickets.ack")({ companyId, whatsappId, providerId }, 1);
  });
}
