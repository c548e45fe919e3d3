import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { registerKanbanHandlers } from "./kanban.handlers.ts";
import { KanbanService } from "./kanban.service.ts";
import { LaneReturn } from "./lane-return.ts";
import { LaneTimer } from "./lane-timer.ts";
import "../../tickets/server/tickets.contract.ts";
import "../../tickets/server/tickets-events.contract.ts";

/** The lane timer's tick: every 30 seconds (lane times are hours; one node runs a tick, and one left behind by a slow run is skipped). */
const TICK_PATTERN = "*/30 * * * * *";

export default defineServerPlugin({
  manifest,
  setup(ctx) {
    registerKanbanHandlers(ctx.router, new KanbanService(ctx.db, ctx.services));

    const timer = new LaneTimer(ctx);
    ctx.jobs.schedule("lanes", TICK_PATTERN, async () => {
      await timer.moveDue();
    });

    const back = new LaneReturn(ctx);
    ctx.bus.on("tickets.message.created", async ({ companyId, message, ticket }) => {
      await back.onMessage(companyId, message, ticket);
    });
  },
});
