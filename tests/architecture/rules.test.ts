import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, lineCount, resolveRelative, ROOT, sourceFiles } from "./source-files.ts";

const pluginIds = readdirSync(resolve(ROOT, "plugins")).filter((d) => statSync(resolve(ROOT, "plugins", d)).isDirectory());
/** Plugin code that runs on the server (and under Deno): everything but the web side. */
const isPluginServerFile = (f: string) => f.startsWith("plugins/") && !/^plugins\/[^/]+\/web\//.test(f);
/** Plugin code that runs in the browser. */
const isPluginWebFile = (f: string) => /^plugins\/[^/]+\/web\//.test(f);
const isTestFile = (f: string) => /\.test\.tsx?$/.test(f);

describe("architecture rules", () => {
  it("core/ never imports a plugin", () => {
    const offending: string[] = [];
    for (const file of sourceFiles("core"))
      for (const { specifier, line } of importsOf(file)) {
        const target = resolveRelative(file, specifier);
        if (target?.startsWith("plugins/") || specifier.startsWith("@app/plugin-")) offending.push(`${file}:${line} imports ${specifier}`);
      }
    expect(offending, "the kernel must not know any plugin").toEqual([]);
  });

  it("the spreadsheet library (core/spreadsheet) is a tool: it imports no plugin and nothing of the kernel but the JIT policy its worker restores", () => {
    const offending: string[] = [];
    for (const file of sourceFiles("core/spreadsheet"))
      for (const { specifier, line } of importsOf(file)) {
        const target = resolveRelative(file, specifier);
        // No tables, services, routes or error codes: a plugin maps the library's SheetError to its own.
        if (target && !target.startsWith("core/spreadsheet/") && target !== "core/runtime/jit-policy.ts") offending.push(`${file}:${line} imports ${specifier}`);
      }
    expect(offending, "keep core/spreadsheet free of the kernel's services and of plugins").toEqual([]);
    // Plugins may import it (contacts-import reads and writes through it).
    const users = sourceFiles("plugins").filter((f) => importsOf(f).some(({ specifier }) => resolveRelative(f, specifier) === "core/spreadsheet/index.ts"));
    expect(users.some((f) => f.startsWith("plugins/contacts-import/"))).toBe(true);
  });

  it("relative imports on the server side carry their extension (Deno runs them as written)", () => {
    const files = [...sourceFiles("core"), ...sourceFiles("plugins").filter(isPluginServerFile), ...sourceFiles("tests"), ...sourceFiles("openapi")];
    const offending: string[] = [];
    for (const file of files)
      for (const { specifier, line } of importsOf(file))
        if (specifier.startsWith(".") && !/\.(ts|tsx|json)$/.test(specifier)) offending.push(`${file}:${line} imports ${specifier}`);
    expect(offending, "add the .ts/.tsx/.json extension").toEqual([]);
  });

  it("a plugin reaches another plugin only through its plugin.ts or a *.contract.ts file", () => {
    const offending: string[] = [];
    for (const file of sourceFiles("plugins").filter(isPluginServerFile)) {
      const own = file.split("/")[1];
      // plugins/server.ts and plugins/main.ts are the registry: they import every server entry.
      if (file.split("/").length < 3) continue;
      for (const { specifier, line } of importsOf(file)) {
        const target = resolveRelative(file, specifier);
        if (!target?.startsWith("plugins/")) continue;
        const other = target.split("/")[1];
        if (other === own) continue;
        const allowed = target === `plugins/${other}/plugin.ts` || target.endsWith(".contract.ts");
        if (!allowed) offending.push(`${file}:${line} imports ${specifier}`);
      }
    }
    expect(offending, "import the other plugin's plugin.ts or a *.contract.ts, never its internals").toEqual([]);
  });

  it("the web shell (web/) never imports a plugin: plugins come in through the loader's glob and zones", () => {
    const offending: string[] = [];
    for (const file of sourceFiles("web"))
      for (const { specifier, line } of importsOf(file)) if (resolveRelative(file, specifier)?.startsWith("plugins/")) offending.push(`${file}:${line} imports ${specifier}`);
    expect(offending, "the shell must not know any plugin").toEqual([]);
  });

  it("a plugin's web code reaches another plugin only through its public web entry (web/index.ts, web/public.ts) or its plugin.ts", () => {
    const offending: string[] = [];
    for (const file of sourceFiles("plugins").filter(isPluginWebFile)) {
      const own = file.split("/")[1];
      for (const { specifier, line } of importsOf(file)) {
        const target = resolveRelative(file, specifier);
        if (!target?.startsWith("plugins/")) continue;
        const other = target.split("/")[1];
        if (other === own) continue;
        const publicEntry = [`plugins/${other}/plugin.ts`, `plugins/${other}/web/index.ts`, `plugins/${other}/web/public.ts`].includes(target);
        // A test may also build on another plugin's web fixtures (answers shaped like its API).
        const fixture = isTestFile(file) && target === `plugins/${other}/web/test-data.ts`;
        if (!publicEntry && !fixture) offending.push(`${file}:${line} imports ${specifier}`);
      }
    }
    expect(offending, "export what other plugins need from web/public.ts, or contribute to a zone").toEqual([]);
  });

  it("no source file is over 600 lines (files over 400 are listed as a warning)", () => {
    const files = ["core", "plugins", "web", "tests", "openapi"].flatMap(sourceFiles).filter((f) => !f.endsWith(".gen.ts"));
    const sizes = files.map((f) => ({ f, n: lineCount(f) }));
    const warn = sizes.filter((s) => s.n > 400 && s.n <= 600);
    if (warn.length) console.warn(`files over 400 lines (split them soon):\n${warn.map((s) => `  ${s.f} (${s.n})`).join("\n")}`);
    expect(
      sizes.filter((s) => s.n > 600).map((s) => `${s.f} (${s.n} lines)`),
      "split these files",
    ).toEqual([]);
  });

  it("every plugin has a plugin.ts manifest", () => {
    expect(pluginIds.filter((id) => !existsSync(join(ROOT, "plugins", id, "plugin.ts")))).toEqual([]);
  });

  it("every plugin with a web entry has pt/en/es/tr translations with the same keys", () => {
    const problems: string[] = [];
    for (const id of pluginIds) {
      if (!existsSync(join(ROOT, "plugins", id, "web", "index.ts"))) continue;
      // A large plugin may split its namespace by area: locales/<area>/<lang>.json.
      const dir = join(ROOT, "plugins", id, "web", "locales");
      const areas = existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true })
            .filter((d) => d.isDirectory())
            .map((d) => `${d.name}/`)
        : [];
      for (const area of areas.length ? areas : [""]) {
        const keys: Record<string, string[]> = {};
        for (const lang of ["pt", "en", "es", "tr"]) {
          const rel = `plugins/${id}/web/locales/${area}${lang}.json`;
          const file = join(ROOT, rel);
          if (!existsSync(file)) {
            problems.push(`${rel} is missing`);
            continue;
          }
          try {
            keys[lang] = flatKeys(JSON.parse(readFileSync(file, "utf8")));
          } catch (err) {
            problems.push(`${rel} is not valid JSON: ${(err as Error).message}`);
          }
        }
        const base = keys.pt;
        if (!base) continue;
        for (const [lang, list] of Object.entries(keys)) {
          const missing = base.filter((k) => !list.includes(k));
          const extra = list.filter((k) => !base.includes(k));
          if (missing.length) problems.push(`plugins/${id}/web/locales/${area}${lang}.json lacks ${missing.join(", ")}`);
          if (extra.length) problems.push(`plugins/${id}/web/locales/${area}${lang}.json has keys pt.json lacks: ${extra.join(", ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/** Dotted paths of every leaf in a translation file. */
function flatKeys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}
