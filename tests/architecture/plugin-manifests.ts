import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PluginManifest } from "../../core/plugin/manifest.ts";
import { ROOT } from "./source-files.ts";

/** The plugin folders (each one plugin id). */
export const pluginIds = readdirSync(resolve(ROOT, "plugins")).filter((d) => statSync(resolve(ROOT, "plugins", d)).isDirectory());

/** Every plugin's manifest by folder name (plugin.ts is pure data, cheap to import). */
export async function manifests(): Promise<Map<string, PluginManifest>> {
  const out = new Map<string, PluginManifest>();
  for (const id of pluginIds) {
    const file = join(ROOT, "plugins", id, "plugin.ts");
    if (existsSync(file)) out.set(id, ((await import(file)) as { manifest: PluginManifest }).manifest);
  }
  return out;
}

/** `id` and every plugin it depends on, directly or not: those are always installed with it. */
export function withDependencies(id: string, all: Map<string, PluginManifest>): Set<string> {
  const seen = new Set<string>();
  const visit = (p: string) => {
    if (seen.has(p)) return;
    seen.add(p);
    for (const dep of all.get(p)?.dependsOn ?? []) visit(dep);
  };
  visit(id);
  return seen;
}

/** Plugin code that runs on the server, tests and fixtures excluded. */
export const isPluginRuntimeFile = (f: string) => f.startsWith("plugins/") && f.split("/").length > 2 && !/^plugins\/[^/]+\/web\//.test(f) && !/\.(test|fixtures)\.tsx?$/.test(f);

/**
 * `id` and every plugin it declares, directly or not, in `dependsOn` or `optionalDependsOn`:
 * the plugins whose files it may import (they load before it whenever they are installed).
 */
export function withDeclaredDependencies(id: string, all: Map<string, PluginManifest>): Set<string> {
  const seen = new Set<string>();
  const visit = (p: string) => {
    if (seen.has(p)) return;
    seen.add(p);
    const m = all.get(p);
    for (const dep of [...(m?.dependsOn ?? []), ...(m?.optionalDependsOn ?? [])]) visit(dep);
  };
  visit(id);
  return seen;
}
