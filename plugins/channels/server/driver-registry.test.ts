import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestKernel, serverPlugins, type TestKernel } from "../../../tests/support/test-kernel.ts";
import type { ChannelDriver } from "../channel-driver.contract.ts";

/** A driver that is never asked to send: these tests only look at who is registered. */
const idleDriver = (channel: string): ChannelDriver => ({
  channel,
  send: async () => ({}),
  edit: async () => {},
  remove: async () => {},
});

let t: TestKernel;
beforeEach(async () => {
  t = await createTestKernel();
});
afterEach(() => t.close());

describe("channels driver registry: happy", () => {
  it("answers the driver each installed channel plugin registered at boot", () => {
    const driverFor = t.kernel.services.require("channels.driverFor");
    for (const channel of ["api", "whatsapp", "facebook", "instagram", "whatsappapi"]) expect(driverFor(channel)?.channel).toBe(channel);
  });

  it("a driver registered later serves its channel; an unknown channel has none", () => {
    const sms = idleDriver("sms");
    t.kernel.services.require("channels.registerDriver")(sms);
    expect(t.kernel.services.require("channels.driverFor")("sms")).toBe(sms);
    expect(t.kernel.services.require("channels.driverFor")("telegram")).toBeUndefined();
  });
});

describe("channels driver registry: errors", () => {
  it("a second driver for one channel is refused, naming the channel, and the first stays", () => {
    const first = t.kernel.services.require("channels.driverFor")("api");
    expect(() => t.kernel.services.require("channels.registerDriver")(idleDriver("api"))).toThrow('a driver for channel "api" is already registered');
    expect(t.kernel.services.require("channels.driverFor")("api")).toBe(first);
  });

  it("a driver without a channel is refused", () => {
    expect(() => t.kernel.services.require("channels.registerDriver")(idleDriver(""))).toThrow("a driver needs a channel");
  });

  it("the conversation store and the channel plugins do not boot without the channels plugin", async () => {
    const withoutChannels = serverPlugins.filter((p) => p.manifest.id !== "channels");
    await expect(createTestKernel({ plugins: withoutChannels })).rejects.toThrow(/depends on "channels", which is not installed/);
  });
});
