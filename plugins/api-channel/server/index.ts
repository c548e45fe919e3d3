import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import type {} from "../../channels/channel-driver.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { createApiDriver } from "./api-driver.ts";
import { registerApiInboundHandlers } from "./api-inbound.handlers.ts";
import { registerDeliveriesHandlers } from "./deliveries.handlers.ts";
import { Deliveries } from "./deliveries.service.ts";
import { registerWebhookEvents } from "./webhook-events.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const deliveries = new Deliveries(ctx.db, ctx.writes, ctx.jobs, ctx.services, ctx.outbound, ctx.log);
    registerApiInboundHandlers(ctx.router, ctx.services, ctx.settings, ctx.config, ctx.companyAccess);
    registerDeliveriesHandlers(ctx.router, deliveries);
    registerWebhookEvents({ bus: ctx.bus, jobs: ctx.jobs, services: ctx.services, deliveries, log: ctx.log });
    ctx.services.require("channels.registerDriver")(createApiDriver(deliveries));
  },
});
