import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import type {} from "../channel-driver.contract.ts";
import { manifest } from "../plugin.ts";
import { DriverRegistry } from "./driver-registry.ts";

/**
 * The driver registry as two services: channel plugins register their drivers during
 * their setup, the tickets plugin's delivery looks one up per message. Channel plugins and
 * tickets depend on this plugin, so the registry exists before either sets up.
 */
export default defineServerPlugin({
  manifest,
  setup(ctx) {
    const registry = new DriverRegistry();
    ctx.services.provide("channels.registerDriver", (driver) => registry.register(driver));
    ctx.services.provide("channels.driverFor", (channel) => registry.get(channel));
  },
});
