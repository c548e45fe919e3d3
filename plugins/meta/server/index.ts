import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { mediaLimitBytes } from "../../../core/storage/media-limits.ts";
import type {} from "../../channels/channel-driver.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { Accounts } from "./accounts.ts";
import { createCloudDriver } from "./cloud-driver.ts";
import { CloudWebhook } from "./cloud-webhook.ts";
import { ConversationLog } from "./conversation-log.ts";
import { GraphClient } from "./graph-client.ts";
import { InboundSink } from "./inbound-sink.ts";
import { registerLinkingHandlers } from "./linking.handlers.ts";
import { Linking } from "./linking.service.ts";
import { createMessengerDriver } from "./messenger-driver.ts";
import { MessagingWebhook } from "./messaging-webhook.ts";
import { registerWebhookHandlers } from "./webhook.handlers.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const graph = new GraphClient({ baseUrl: ctx.config.META_GRAPH_URL, appSecret: ctx.config.META_APP_SECRET });
    const accounts = new Accounts(ctx.db, ctx.vault);
    const log = new ConversationLog(ctx.db);
    const sink = new InboundSink(ctx.services, log, graph, () => mediaLimitBytes(ctx.settings, ctx.config), ctx.log);
    const parsers = {
      messaging: new MessagingWebhook(accounts, sink, graph, ctx.log, ctx.companyAccess),
      cloud: new CloudWebhook(accounts, sink, ctx.log, ctx.companyAccess),
    };
    registerWebhookHandlers(ctx.router, ctx.config, parsers, ctx.log);
    registerLinkingHandlers(ctx.router, new Linking(ctx.services, accounts, graph, ctx.log, ctx.planFeatures, ctx.planLimits));

    const registerDriver = ctx.services.require("channels.registerDriver");
    const deps = { accounts, graph, storage: ctx.storage, log, logger: ctx.log };
    registerDriver(createMessengerDriver("facebook", deps));
    registerDriver(createMessengerDriver("instagram", deps));
    registerDriver(createCloudDriver(deps));
  },
});
