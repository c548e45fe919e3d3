import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { kernelErrors, registerErrorCodes, sharedErrors } from "../../core/errors.ts";
import { isPluginRuntimeFile, manifests, withDependencies } from "./plugin-manifests.ts";
import { ROOT, sourceFiles } from "./source-files.ts";

/** The ERR_* codes a file names (raised, documented or passed on). */
const codesIn = (file: string) => new Set(readFileSync(resolve(ROOT, file), "utf8").match(/\bERR_[A-Z0-9_]+\b/g) ?? []);
/** The codes a file raises: `new AppError("ERR_…")` and `ensure(…, "ERR_…")` (a `reason` in a detail is not raised). */
const raisedIn = (file: string) => {
  const text = readFileSync(resolve(ROOT, file), "utf8");
  return new Set([...text.matchAll(/\bnew AppError\(\s*"(ERR_[A-Z0-9_]+)"|\bensure\([^;]*?,\s*"(ERR_[A-Z0-9_]+)"/g)].map((m) => m[1] ?? m[2]!));
};
const kernelCodes = new Set([...Object.keys(kernelErrors), ...Object.keys(sharedErrors)]);
const kernelRuntime = sourceFiles("core").filter((f) => f !== "core/errors.ts" && !f.endsWith(".test.ts"));

describe("error codes are declared by who raises them (issue 12, item 1)", () => {
  it("core/errors.ts keeps as the kernel's own only codes kernel code raises", () => {
    const raised = new Set(kernelRuntime.flatMap((f) => [...codesIn(f)]));
    expect(
      Object.keys(kernelErrors).filter((code) => !raised.has(code)),
      "move these to the plugin that raises them (or to sharedErrors when several do)",
    ).toEqual([]);
  });

  it("the kernel's shared codes are raised by plugins, not by the kernel itself", async () => {
    const plugins = sourceFiles("plugins").filter(isPluginRuntimeFile);
    const byPlugins = new Set(plugins.flatMap((f) => [...codesIn(f)]));
    const byKernel = new Set(kernelRuntime.flatMap((f) => [...codesIn(f)]));
    const shared = Object.keys(sharedErrors);
    expect(
      shared.filter((code) => !byPlugins.has(code)),
      "no plugin raises these: drop them",
    ).toEqual([]);
    expect(
      shared.filter((code) => byKernel.has(code)),
      "the kernel raises these: list them in kernelErrors",
    ).toEqual([]);
  });

  it("no plugin re-declares a kernel code", async () => {
    const offending = [...(await manifests())].flatMap(([id, m]) =>
      Object.keys(m.errors ?? {})
        .filter((c) => kernelCodes.has(c))
        .map((c) => `${id}: ${c}`),
    );
    expect(offending).toEqual([]);
  });

  it("every code a plugin's server code raises is the kernel's or declared by the plugin or one it depends on", async () => {
    const all = await manifests();
    const offending: string[] = [];
    for (const file of sourceFiles("plugins").filter(isPluginRuntimeFile)) {
      const id = file.split("/")[1]!;
      const visible = new Set([...kernelCodes, ...[...withDependencies(id, all)].flatMap((p) => Object.keys(all.get(p)?.errors ?? {}))]);
      for (const code of raisedIn(file)) if (!visible.has(code)) offending.push(`${file}: ${code}`);
    }
    expect(offending, "declare the code in the plugin's manifest `errors` (with its status)").toEqual([]);
  });

  it("the installed plugins agree on every status (the boot would refuse otherwise)", async () => {
    const declarations = [...(await manifests())].map(([owner, m]) => ({ owner, errors: m.errors }));
    expect(() => registerErrorCodes(declarations)).not.toThrow();
  });
});
