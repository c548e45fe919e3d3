import { describe, expect, it } from "vitest";
import { createTestKernel } from "../../tests/support/test-kernel.ts";
import { definePlugin } from "./manifest.ts";
import { defineServerPlugin, type ServerPlugin } from "./server-plugin.ts";
import { MissingServiceError, Services } from "./services.ts";

declare module "./services.ts" {
  interface ServiceMap {
    /** Only these tests provide it. */
    "clock.now": () => number;
  }
}

const provider = defineServerPlugin({ manifest: definePlugin({ id: "clock" }), setup: (ctx) => ctx.services.provide("clock.now", () => 42) });
const declaring = (setup: ServerPlugin["setup"] = () => {}) => defineServerPlugin({ manifest: definePlugin({ id: "needy", requires: ["clock.now"] }), setup });

describe("services.require: happy", () => {
  it("answers the provider, typed non-null", () => {
    const services = new Services();
    services.provide("clock.now", () => 42);
    expect(services.require("clock.now")()).toBe(42);
  });

  it("a declared requirement may be provided by a plugin set up later", async () => {
    let now: () => number = () => 0;
    const t = await createTestKernel({ plugins: [declaring((ctx) => void ctx.onStart(() => void (now = ctx.services.require("clock.now")))), provider] });
    await t.kernel.start();
    expect(now()).toBe(42);
    await t.close();
  });
});

describe("services.require: errors", () => {
  it("names the plugin and the service when the provider is missing", () => {
    const services = new Services().scoped("needy");
    expect(() => services.require("clock.now")).toThrow(MissingServiceError);
    expect(() => services.require("clock.now")).toThrow('Plugin "needy" requires the service "clock.now", which no installed plugin provides');
  });

  it("a service declared in the manifest and provided by no plugin stops the boot", async () => {
    await expect(createTestKernel({ plugins: [declaring()] })).rejects.toThrow('Plugin "needy" requires the service "clock.now"');
  });

  it("require during setup without a provider stops the boot", async () => {
    const eager = defineServerPlugin({ manifest: definePlugin({ id: "eager" }), setup: (ctx) => void ctx.services.require("clock.now") });
    await expect(createTestKernel({ plugins: [eager] })).rejects.toThrow('Plugin "eager" requires the service "clock.now"');
  });

  it("optional services stay undefined through get", () => {
    expect(new Services().get("clock.now")).toBeUndefined();
  });
});
