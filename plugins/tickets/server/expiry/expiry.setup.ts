import type { PluginContext } from "../../../../core/plugin/server-plugin.ts";
import type { MessageSender } from "../tickets-internals.ts";
import type { TicketViews } from "../tickets/tickets-views.ts";
import { EXPIRY_TEXT_JOB, ExpirySweep, type ExpiryTextPayload } from "./expiry-sweep.ts";

export const EXPIRY_JOB = "expiry";

/**
 * The lifecycle clocks' tick (issue 14): every minute each node's schedule enqueues the
 * `expiry` job for that minute (`dedupeKey` per minute, so N nodes make one row), and the
 * kernel's job poller runs it under a lease: one node runs a tick, a crash lets another
 * retry it, and a tick missed while every node was down is simply the next one's work
 * (the query reads what is due, not what was scheduled).
 */
export function registerExpiry(ctx: PluginContext, views: TicketViews, sender: MessageSender): ExpirySweep {
  const sweep = new ExpirySweep(ctx, views, sender);
  ctx.jobs.define(EXPIRY_JOB, async () => {
    await sweep.tick();
  });
  ctx.jobs.define<ExpiryTextPayload>(EXPIRY_TEXT_JOB, ({ companyId, payload }) => sweep.sendText(companyId ?? 0, payload));
  ctx.jobs.schedule("expiry-tick", "* * * * *", () => {
    const minute = Math.floor(Date.now() / 60_000);
    return ctx.jobs.enqueue(EXPIRY_JOB, {}, { dedupeKey: `expiry:${minute}` });
  });
  return sweep;
}
