import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { PluginManifest } from "../../core/plugin/manifest.ts";
import { isPluginRuntimeFile, manifests, withDeclaredDependencies } from "./plugin-manifests.ts";
import { importsOf, resolveRelative, ROOT, sourceFiles } from "./source-files.ts";

/**
 * Habit 2: a dependency between plugins is declared in the manifest. On the server, a file of
 * plugin A that imports a file of plugin B (its plugin.ts or a *.contract.ts: rules.test.ts
 * allows nothing else) needs B in A's `dependsOn` or `optionalDependsOn`, directly or through
 * them (those always load before A when installed). Type-only imports (`import type`,
 * `import "…contract.ts"` for its declaration merging) count too: they couple A's code to B's
 * as much as a value does, and without the declaration A's plugin would not even compile with
 * B's folder gone. Tests, fixtures and `testing/` folders are left out (they build on other
 * plugins' fixtures on purpose). The web side is not held to it: a plugin's web code contributes
 * to a zone of the plugin that hosts the screen (contacts' drawer sections in tickets' workspace)
 * while, on the server, the host depends on it; rules.test.ts keeps web imports to public entries.
 */

/**
 * Couplings the manifests cannot express, because the other way round is a declared dependency
 * (a cycle would stop the boot). Each is a lower plugin calling an optional service of a higher
 * one, typed by the higher one's contract; the cure is a port the lower plugin declares and the
 * higher one fills (as channels.registerDriver does). Listed so no new one slips in.
 */
const KNOWN_INVERSIONS: Record<string, string> = {
  "plugins/users/server/users.service.ts -> plugins/tickets/server/preferences/farewell-messages.contract.ts":
    "tickets dependsOn users (its /users/toggleChangeWidht answers users' User); users writes the farewell through tickets' optional service",
  "plugins/contacts/server/contacts.service.ts -> plugins/tags/server/tags.contract.ts":
    "tags dependsOn contacts; contacts answers each contact's tags through tags' optional `tags.ofContacts`",
  "plugins/channels/inbound.contract.ts -> plugins/tickets/server/tickets.contract.ts":
    "tickets dependsOn channels (it fills the inbound port); the port's answer names tickets' message and ticket rows",
};

interface PluginImport {
  file: string;
  line: number;
  specifier: string;
  target: string;
  typeOnly: boolean;
}

/** The imports of another plugin's files made by a plugin's server runtime code. */
function crossPluginImports(): PluginImport[] {
  const out: PluginImport[] = [];
  for (const file of sourceFiles("plugins").filter((f) => isPluginRuntimeFile(f) && !f.includes("/testing/"))) {
    const own = file.split("/")[1];
    const text = readFileSync(resolve(ROOT, file), "utf8").split("\n");
    for (const { specifier, line } of importsOf(file)) {
      const target = resolveRelative(file, specifier);
      if (!target?.startsWith("plugins/") || target.split("/").length < 3 || target.split("/")[1] === own) continue;
      // The statement's first line: `import type …`, or a bare `import "…"` (types merged by declaration).
      const statement =
        text
          .slice(0, line)
          .reverse()
          .find((l) => /^\s*(import|export)\b/.test(l)) ?? "";
      out.push({ file, line, specifier, target, typeOnly: /^\s*import\s+type\b/.test(statement) || /^\s*import\s+["']/.test(statement) });
    }
  }
  return out;
}

/** Each import not covered by the importer's declared dependencies, as a message naming the file, the import and the missing manifest entry. */
function undeclaredImports(imports: readonly PluginImport[], all: Map<string, PluginManifest>, known: Record<string, string> = {}): string[] {
  const problems: string[] = [];
  for (const i of imports) {
    const own = i.file.split("/")[1]!;
    const other = i.target.split("/")[1]!;
    if (withDeclaredDependencies(own, all).has(other) || known[`${i.file} -> ${i.target}`]) continue;
    problems.push(`${i.file}:${i.line} imports ${i.specifier}${i.typeOnly ? " (type-only)" : ""}: add "${other}" to dependsOn (or optionalDependsOn) in plugins/${own}/plugin.ts`);
  }
  return problems;
}

let all: Map<string, PluginManifest>;
let imports: PluginImport[];
beforeAll(async () => {
  all = await manifests();
  imports = crossPluginImports();
});

describe("an import of another plugin follows the manifest", () => {
  it("every server import of another plugin's file is covered by dependsOn or optionalDependsOn", () => {
    const problems = undeclaredImports(imports, all, KNOWN_INVERSIONS);
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("the known inversions are still there (a fixed one leaves the list)", () => {
    const found = new Set(imports.map((i) => `${i.file} -> ${i.target}`));
    expect(Object.keys(KNOWN_INVERSIONS).filter((k) => !found.has(k))).toEqual([]);
  });

  it("the check names the file, the import, its kind and the missing manifest entry; optional and indirect dependencies count", () => {
    const fake = new Map<string, PluginManifest>([
      ["kanban", { id: "kanban", dependsOn: ["tickets"] }],
      ["tickets", { id: "tickets", dependsOn: ["tags"] }],
      ["tags", { id: "tags" }],
      ["reports", { id: "reports", optionalDependsOn: ["tickets"] }],
      ["schedules", { id: "schedules" }],
    ]);
    const at = (file: string, target: string, typeOnly = false): PluginImport => ({ file, line: 3, specifier: `../../${target.slice(8)}`, target, typeOnly });
    expect(
      undeclaredImports(
        [
          at("plugins/kanban/server/lanes.ts", "plugins/tickets/server/tickets.contract.ts"),
          at("plugins/kanban/server/lanes.ts", "plugins/tags/server/tags.contract.ts"),
          at("plugins/reports/server/report.ts", "plugins/tags/server/tags.contract.ts", true),
          at("plugins/schedules/server/sender.ts", "plugins/tickets/server/tickets.contract.ts", true),
        ],
        fake,
      ),
    ).toEqual([
      'plugins/schedules/server/sender.ts:3 imports ../../tickets/server/tickets.contract.ts (type-only): add "tickets" to dependsOn (or optionalDependsOn) in plugins/schedules/plugin.ts',
    ]);
  });
});
