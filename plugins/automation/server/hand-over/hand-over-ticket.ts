import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import { parseHolder } from "../../../tickets/shared/holder.contract.ts";
import type { HandOvers } from "./hand-overs.ts";

export const HAND_OVER_JOB = "handOver";

/** A hand-over asked outside a customer's message (`automation.handOverTicket`). */
export interface HandOverPayload {
  ticketId: number;
  holder: string;
  /** The holder the ticket must still have when the job runs (someone else took it meanwhile: nothing happens). */
  expectHolder: string | null;
  /** With the provider's first writes (its greeting), else only the hand-over. */
  start: boolean;
}

/**
 * `automation.handOverTicket`: an attendant's action (the `useIntegration` switch, a transfer
 * into a queue with an integration) hands the ticket to a handler. A job in the ticket's lane,
 * so it lands after any bot turn of the ticket already queued, and retried like them.
 */
export function handOverTicket(ctx: PluginContext, handOvers: HandOvers) {
  return async (companyId: number, ticketId: number, holder: string, options: { expectHolder: string | null; start: boolean }): Promise<boolean> => {
    const parsed = parseHolder(holder);
    if (parsed.by !== "handler" || !parsed.ref || !handOvers.registry.has(parsed.kind)) return false;
    const payload: HandOverPayload = { ticketId, holder, expectHolder: options.expectHolder, start: options.start };
    await ctx.jobs.enqueue(HAND_OVER_JOB, payload, { companyId });
    return true;
  };
}

/** The job: the hand-over (and the provider's start writes) applied only while the ticket is as the caller saw it. */
export async function runHandOver(ctx: PluginContext, handOvers: HandOvers, companyId: number, p: HandOverPayload): Promise<void> {
  const context = await ctx.services.require("tickets.botContext")(companyId, p.ticketId, 0);
  if (!context || context.ticket.holder !== p.expectHolder) return;
  const parsed = parseHolder(p.holder);
  if (parsed.by !== "handler" || !parsed.ref) return;
  const writes = p.start ? await handOvers.handOver(context.ticket, parsed.kind, parsed.ref) : [{ type: "handOver" as const, holder: p.holder }];
  if (!writes.length) return;
  // Refused (null) when an attendant took the ticket or its holder changed since: theirs now.
  await ctx.services.require("tickets.botApply")(companyId, p.ticketId, writes, () => {}, { expectHolder: p.expectHolder });
}
