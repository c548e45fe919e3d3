import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import "../../../tickets/server/tickets-events.contract.ts";
import { connectionIntegration } from "../connection-integrations.ts";

/** The holder of the spec's `useIntegration` switch turned on by hand (no integration named yet). */
const SWITCHED_ON = "integration";

/**
 * What an attendant's actions start (spec 000 §2 "enable or disable integration", §4 transfer):
 *
 * - The switch turned on (holder `integration`, nobody named): the ticket's queue's
 *   integration, else its connection's, takes the conversation again; it answers the
 *   customer's next message (no greeting). Without either the switch stays on and nothing answers.
 *   Turned off, tickets sets the holder to nobody and the provider's `end` hears `queue`.
 * - A transfer into another queue with an integration and no attendant chosen: the queue's
 *   integration starts (its first writes, as when the chatbot routes the ticket there).
 *
 * Both go through `automation.handOverTicket`, applied only while the ticket is as it was
 * seen here and no attendant holds it.
 */
export function attendantRules(ctx: PluginContext): void {
  const handOverTicket = ctx.services.require("automation.handOverTicket");
  const queuesOf = ctx.services.require("queues.forBot");
  const queueIntegration = async (companyId: number, queueId: number | null) =>
    queueId === null ? null : ((await queuesOf(companyId)).find((q) => q.id === queueId)?.integrationId ?? null);

  ctx.bus.on("tickets.ticket.holderChanged", async (e) => {
    if (e.byBot || e.to !== SWITCHED_ON) return;
    const context = await ctx.services.require("tickets.botContext")(e.companyId, e.ticketId, 0);
    if (!context) return;
    const { ticket } = context;
    const id = (await queueIntegration(e.companyId, ticket.queueId)) ?? (await connectionIntegration(ctx.db, e.companyId, ticket.whatsappId));
    if (id) await handOverTicket(e.companyId, e.ticketId, `integration:${id}`, { expectHolder: SWITCHED_ON, start: false });
  });

  ctx.bus.on("tickets.ticket.transferred", async (e) => {
    if (e.userId !== null || e.queueId === e.fromQueueId) return;
    const id = await queueIntegration(e.companyId, e.queueId);
    if (id) await handOverTicket(e.companyId, e.ticketId, `integration:${id}`, { expectHolder: null, start: true });
  });
}
