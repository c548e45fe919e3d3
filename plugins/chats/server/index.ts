import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { ChatMessagesService } from "./chat-messages.service.ts";
import { ChatViews } from "./chat-views.ts";
import { registerChatsHandlers } from "./chats.handlers.ts";
import { ChatFeed, registerChatRooms } from "./chats.realtime.ts";
import { ChatsService } from "./chats.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const views = new ChatViews(ctx.db);
    const feed = new ChatFeed(ctx.realtime, registerChatRooms(ctx, views));
    const chats = new ChatsService(ctx.db, views, feed);
    registerChatsHandlers(ctx.router, chats, new ChatMessagesService(ctx.db, chats, views, feed));
  },
});
