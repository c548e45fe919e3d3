import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import "./connections.contract.ts";
import { queueIdsOf } from "./connection-queues.ts";
import { ConnectionEvents } from "./connections.events.ts";
import { registerConnectionsHandlers } from "./connections.handlers.ts";
import { GreetingMedia } from "./connections.media.ts";
import { ConnectionsService } from "./connections.service.ts";
import { UserDefaultConnections } from "./user-defaults.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const connections = new ConnectionsService(
      ctx.db,
      ctx.settings,
      new ConnectionEvents(ctx.realtime),
      ctx.bus,
      ctx.outbound,
      ctx.planFeatures,
      ctx.planLimits,
      ctx.services.require("queues.referenceExists"),
    );
    registerConnectionsHandlers(ctx.router, connections, new GreetingMedia(connections, ctx.storage), ctx.permissions);
    ctx.services.provide("connections.get", (companyId, id) => connections.find(companyId, id));
    ctx.services.provide("connections.queueIds", async (companyId, id) => ((await connections.find(companyId, id)) ? queueIdsOf(ctx.db, id) : []));
    ctx.services.provide("connections.byToken", (token) => connections.byToken(token));
    ctx.services.provide("connections.default", (companyId) => connections.defaultOf(companyId));
    ctx.services.provide("connections.setStatus", (companyId, id, patch) => connections.setStatus(companyId, id, patch));
    ctx.services.provide("connections.create", (companyId, input) => connections.create(companyId, input));
    ctx.services.provide("connections.ofChannel", (channel) => connections.ofChannel(channel));
    ctx.services.provide("connections.room", (companyId) => connections.room(companyId));
    const userDefaults = new UserDefaultConnections(ctx.db);
    ctx.services.provide("connections.setUserDefault", (companyId, userId, whatsappId, tx) => userDefaults.set(companyId, userId, whatsappId, tx));
    // The default connection is answered on every user as if it were a column (`whatsappId`).
    ctx.userAnswers.extend({ defaults: { whatsappId: null }, load: (rows) => userDefaults.load(rows) });
  },
});
