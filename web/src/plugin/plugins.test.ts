import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { discoveredPlugins, loadPlugins } from "./plugins.tsx";
import { defineWebPlugin } from "./web-plugin.ts";

afterEach(() => vi.restoreAllMocks());

describe("plugin loading", () => {
  it("imports the entries, registers each plugin's translations under its id, and skips broken ones", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const good = defineWebPlugin({
      manifest: { id: "sample" },
      translations: { pt: { hello: "Olá" }, en: { hello: "Hello" }, es: { hello: "Hola" }, tr: { hello: "Merhaba" } },
    });
    const plugins = await loadPlugins({
      "a/web/index.ts": async () => ({ default: good }),
      "b/web/index.ts": async () => {
        throw new Error("chunk failed");
      },
      "c/web/index.ts": async () => ({ default: { not: "a plugin" } }),
    });
    expect(plugins.map((p) => p.manifest.id)).toEqual(["sample"]);
    expect(i18n.t("hello", { ns: "sample" })).toBe("Olá");
    expect(i18n.getFixedT("en", "sample")("hello")).toBe("Hello");
    expect(error).toHaveBeenCalledTimes(2);
  });

  it("discovers the installed plugins' web entries", () => {
    for (const path of Object.keys(discoveredPlugins)) expect(path).toMatch(/plugins\/[^/]+\/web\/index\.ts$/);
  });
});
