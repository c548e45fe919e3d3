import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { QuickMessageFeed } from "./quick-messages.realtime.ts";
import { registerQuickMessagesHandlers } from "./quick-messages.handlers.ts";
import { QuickMessagesService } from "./quick-messages.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    registerQuickMessagesHandlers(ctx.router, new QuickMessagesService(ctx.db, ctx.storage, new QuickMessageFeed(ctx.realtime)));
  },
});
