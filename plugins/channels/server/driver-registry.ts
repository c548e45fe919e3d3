import type { ChannelDriver } from "../channel-driver.contract.ts";

/**
 * Which channel driver sends for which connection channel. Drivers register at setup
 * (`channels.registerDriver`); a second driver for one channel is a wiring mistake that
 * must stop the boot rather than make delivery depend on plugin order.
 */
export class DriverRegistry {
  private drivers = new Map<string, ChannelDriver>();

  register(driver: ChannelDriver): void {
    if (!driver?.channel) throw new Error("channels.registerDriver: a driver needs a channel");
    if (this.drivers.has(driver.channel)) throw new Error(`channels.registerDriver: a driver for channel "${driver.channel}" is already registered`);
    this.drivers.set(driver.channel, driver);
  }

  get(channel: string): ChannelDriver | undefined {
    return this.drivers.get(channel);
  }
}
