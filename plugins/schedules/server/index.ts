import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { DEFAULT_TIME_ZONE } from "./schedule-calendar.ts";
import { ScheduleSender } from "./schedule-sender.ts";
import { ScheduleViews } from "./schedule-views.ts";
import { registerSchedulesHandlers } from "./schedules.handlers.ts";
import { ScheduleFeed } from "./schedules.realtime.ts";
import { SchedulesService } from "./schedules.service.ts";
import "./schedules.contract.ts";

/** The sender's tick: every 5 seconds (a schedule is minute-precise; this keeps it under 5 s late). */
const TICK_PATTERN = "*/5 * * * * *";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const views = new ScheduleViews(ctx.db);
    const feed = new ScheduleFeed(ctx.realtime);
    registerSchedulesHandlers(ctx.router, new SchedulesService(ctx.db, ctx.services, ctx.storage, views, feed, DEFAULT_TIME_ZONE));

    const sender = new ScheduleSender({ ...ctx, views, feed, timeZone: DEFAULT_TIME_ZONE });
    ctx.services.provide("schedules.sendDue", (now) => sender.sendDue(now));
    // A kernel schedule: one node runs each tick; ticks left behind by a slow run are skipped.
    ctx.jobs.schedule("tick", TICK_PATTERN, async () => {
      await sender.sendDue();
    });
  },
});
