import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { registerApiInboundHandlers } from "./api-inbound.handlers.ts";
import { InboundService } from "./inbound.service.ts";
import "./tickets.contract.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const inbound = new InboundService(ctx.db, ctx.services, ctx.storage, ctx.settings, ctx.realtime, ctx.config);
    registerApiInboundHandlers(ctx.router, inbound, ctx.services, ctx.settings, ctx.config);
    ctx.services.provide("tickets.receive", (input) => inbound.receive(input));
  },
});
