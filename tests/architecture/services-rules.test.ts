import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { isPluginRuntimeFile, manifests, withDependencies } from "./plugin-manifests.ts";
import { ROOT, sourceFiles } from "./source-files.ts";

const read = (file: string) => readFileSync(resolve(ROOT, file), "utf8");
/** Plugin server code, tests and fixtures included (they call services too). */
const pluginServerFiles = sourceFiles("plugins").filter((f) => f.split("/").length > 2 && !/^plugins\/[^/]+\/web\//.test(f));
const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

describe("services between plugins (issue 12, item 5)", () => {
  it("no hand-rolled need() helper: services.require answers a required service", () => {
    const offending = pluginServerFiles.flatMap((f) =>
      [...read(f).matchAll(/\b(?:function|private|const|let)\s+need\b|\.need\s*\(|\bneed\(\s*services\b/g)].map((m) => `${f}:${lineOf(read(f), m.index ?? 0)}`),
    );
    expect(offending).toEqual([]);
  });

  it("no services.get(...)! : a service the code cannot do without is a require", () => {
    const offending = pluginServerFiles.flatMap((f) => [...read(f).matchAll(/services\.get\([^)]*\)!/g)].map((m) => `${f}:${lineOf(read(f), m.index ?? 0)}`));
    expect(offending).toEqual([]);
  });

  it("a service of the plugin itself or of one it depends on is taken with require, never get", async () => {
    const all = await manifests();
    const offending: string[] = [];
    for (const file of pluginServerFiles) {
      const always = withDependencies(file.split("/")[1]!, all);
      const text = read(file);
      for (const m of text.matchAll(/services\.get\(\s*"([^".]+)\.[^"]+"/g)) if (always.has(m[1]!)) offending.push(`${file}:${lineOf(text, m.index ?? 0)} ${m[0]}`);
    }
    expect(offending, "that plugin is always installed: use services.require").toEqual([]);
  });

  it("every service a plugin requires is declared in its manifest's requires, so a missing provider stops the boot", async () => {
    const all = await manifests();
    const offending: string[] = [];
    for (const file of sourceFiles("plugins").filter(isPluginRuntimeFile)) {
      const id = file.split("/")[1]!;
      const declared = new Set(all.get(id)?.requires ?? []);
      for (const m of read(file).matchAll(/services\.require\(\s*"([^"]+)"/g)) if (!declared.has(m[1]!)) offending.push(`${id}: ${m[1]} (${file})`);
    }
    expect(offending).toEqual([]);
  });

  it("every service a manifest requires is provided by a plugin it depends on", async () => {
    const all = await manifests();
    const providedBy = new Map<string, string>();
    for (const file of sourceFiles("plugins").filter(isPluginRuntimeFile))
      for (const m of read(file).matchAll(/\.provide\(\s*"([^"]+)"/g)) providedBy.set(m[1]!, file.split("/")[1]!);
    const offending: string[] = [];
    for (const [id, m] of all)
      for (const name of m.requires ?? []) {
        const provider = providedBy.get(name);
        if (!provider) offending.push(`${id} requires ${name}, which no plugin provides`);
        else if (!withDependencies(id, all).has(provider)) offending.push(`${id} requires ${name} of ${provider}: add "${provider}" to dependsOn`);
      }
    expect(offending).toEqual([]);
  });
});
