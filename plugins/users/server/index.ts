import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { OnlineStatus, trackOnlineStatus } from "./online-status.ts";
import { followUserRights } from "./socket-rights.ts";
import { registerUsersHandlers } from "./users.handlers.ts";
import { UsersService } from "./users.service.ts";

/** Sweep stale "online" flags this often (the client's heartbeat is every 5 minutes). */
const SWEEP_PATTERN = "*/5 * * * *";

export default defineServerPlugin({
  manifest,
  // The users table is the kernel's (core/db/tables.ts): no migrations of our own. The default
  // connection and the ticket-list width are stored by connections and tickets, which answer
  // them on every user through ctx.userAnswers.
  setup(ctx) {
    registerUsersHandlers(ctx.router, new UsersService(ctx.db, ctx.realtime, ctx.bus, ctx.permissions, ctx.storage, ctx.userAnswers, ctx.planLimits, ctx.services));
    const online = new OnlineStatus(ctx.db, ctx.realtime, ctx.userAnswers);
    trackOnlineStatus(ctx.realtime, online, ctx.log);
    followUserRights(ctx.bus, ctx.realtime);
    ctx.jobs.schedule("online-sweep", SWEEP_PATTERN, async () => {
      await online.sweep();
    });
    ctx.onStart(async () => {
      await online.sweep();
    });
  },
});
