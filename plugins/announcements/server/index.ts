import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { registerAnnouncementsHandlers } from "./announcements.handlers.ts";
import { AnnouncementFeed } from "./announcements.realtime.ts";
import { AnnouncementsService } from "./announcements.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const service = new AnnouncementsService(ctx.db, ctx.storage, new AnnouncementFeed(ctx.realtime));
    registerAnnouncementsHandlers(ctx.router, service);
  },
});
