import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { MessageSender } from "../tickets-internals.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import { EXPIRY_TEXT_JOB, ExpirySweep, type ExpiryTextPayload } from "./expiry-sweep.ts";

export const EXPIRY_JOB = "expiry";

/**
 * The lifecycle clocks' tick (issue 14): a schedule, so every minute the kernel makes one
 * `expiry` job for all nodes (deduplicated per tick) and one node runs it under a lease; a
 * tick missed while every node was down is simply the next one's work (the query reads what
 * is due, not what was scheduled). Tests enqueue the `expiry` kind to tick by hand.
 */
export function registerExpiry(ctx: PluginContext, views: TicketViews, sender: MessageSender): ExpirySweep {
  const sweep = new ExpirySweep(ctx, views, sender);
  ctx.jobs.define<ExpiryTextPayload>(EXPIRY_TEXT_JOB, ({ companyId, payload }) => sweep.sendText(companyId ?? 0, payload));
  ctx.jobs.schedule(EXPIRY_JOB, "* * * * *", async () => {
    await sweep.tick();
  });
  return sweep;
}
