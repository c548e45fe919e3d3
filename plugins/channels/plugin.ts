import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Channels: the seam between the conversation store (tickets) and the plugins that connect
 * a provider (whatsapp, meta, api-channel). No tables, no routes, no plan flag: the driver
 * contract (channel-driver.contract.ts), the inbound port tickets implements
 * (inbound.contract.ts), and the registry that answers which driver sends for which
 * connection channel (`channels.registerDriver`, `channels.driverFor`). See README.md.
 */
export const manifest = definePlugin({
  id: "channels",
  // A driver sends for a connection: the driver contract names the connections plugin's rows.
  dependsOn: ["connections"],
});
