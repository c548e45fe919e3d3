import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PluginManifest } from "../../core/plugin/manifest.ts";
import { ROOT, sourceFiles } from "./source-files.ts";

/** Comments blanked out (a JSDoc may explain a feature by name), strings and code kept. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/[^\n]*/g, "$1");
}

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || f.includes("/testing/");

/** Every plugin folder's manifest, read as the shell does (pure data). */
async function manifests(): Promise<PluginManifest[]> {
  const ids = readdirSync(join(ROOT, "plugins"), { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(ROOT, "plugins", d.name, "plugin.ts")));
  return Promise.all(ids.map(async (d) => ((await import(join(ROOT, "plugins", d.name, "plugin.ts"))) as { manifest: PluginManifest }).manifest));
}

/** The value at a dotted path of a locale object (`planFeatures.useWhatsapp`). */
function lookup(bundle: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), bundle);
}

/** A plugin's locale bundles for one language: locales/<lang>.json and any locales/<area>/<lang>.json. */
function bundles(pluginId: string, lang: string): unknown[] {
  const dir = join(ROOT, "plugins", pluginId, "web", "locales");
  if (!existsSync(dir)) return [];
  const files = [
    join(dir, `${lang}.json`),
    ...readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(dir, d.name, `${lang}.json`)),
  ];
  return files.filter(existsSync).map((f) => JSON.parse(readFileSync(f, "utf8")));
}

describe("plan features are declared by plugins", () => {
  it("the kernel names no feature: no use[A-Z]… flag name in core/ outside comments and tests", () => {
    const offending: string[] = [];
    // The spreadsheet library gates nothing (rules.test.ts holds it to no kernel service): its
    // exceljs options (`useStyles`, `useSharedStrings`) are not plan flags.
    const gatesNothing = (f: string) => f.startsWith("core/spreadsheet/");
    for (const file of sourceFiles("core").filter((f) => !isTest(f) && !f.endsWith(".gen.ts") && !gatesNothing(f))) {
      const lines = withoutComments(readFileSync(join(ROOT, file), "utf8")).split("\n");
      lines.forEach((line, i) => {
        for (const m of line.matchAll(/\buse[A-Z]\w*/g)) offending.push(`${file}:${i + 1} ${m[0]}`);
      });
    }
    expect(offending, "a plugin declares its plan feature in its manifest (planFeatures); the kernel only carries keys").toEqual([]);
  });

  it("every declared feature has its label in pt, en, es and tr of its plugin's namespace", async () => {
    const problems: string[] = [];
    for (const m of await manifests())
      for (const f of m.planFeatures ?? []) {
        const [namespace, key] = f.label.split(":");
        if (namespace !== m.id || !key) {
          problems.push(`${m.id}: ${f.key}'s label "${f.label}" is not "${m.id}:<key>"`);
          continue;
        }
        for (const lang of ["pt", "en", "es", "tr"])
          if (!bundles(m.id, lang).some((b) => typeof lookup(b, key) === "string")) problems.push(`${m.id}: ${f.key} has no "${key}" in ${lang}`);
      }
    expect(problems).toEqual([]);
  });

  it("a plugin that declares a feature has a web entry, so the web can show its label", async () => {
    const missing = (await manifests()).filter((m) => m.planFeatures?.length && !existsSync(join(ROOT, "plugins", m.id, "web", "index.ts"))).map((m) => m.id);
    expect(missing).toEqual([]);
  });

  it("the spec's ten flags are all declared, each once", async () => {
    const keys = (await manifests()).flatMap((m) => (m.planFeatures ?? []).map((f) => f.key as string));
    const spec = ["useWhatsapp", "useFacebook", "useInstagram", "useCampaigns", "useSchedules", "useInternalChat", "useExternalApi", "useKanban", "useOpenAi", "useIntegrations"];
    // The API answers each of them on plans; a new plugin may add keys of its own.
    expect(spec.map((k) => `${k}: ${keys.filter((x) => x === k).length}`)).toEqual(spec.map((k) => `${k}: 1`));
  });
});
