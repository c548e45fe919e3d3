import type { PluginManifest } from "../../../core/plugin/manifest.ts";
import type { DeclaredPlanFeature } from "../../../core/plugin/plan-features.ts";

/**
 * Every installed plugin's manifest (pure data, bundled with the shell: small, and needed
 * before any plugin's web entry loads, to read the session's plan features).
 */
const manifests = import.meta.glob<PluginManifest>("../../../plugins/*/plugin.ts", { eager: true, import: "manifest" });

/** The plan features the manifests declare, by plugin id then declaration order (the plans screen and home page list them). */
export const declaredPlanFeatures: readonly DeclaredPlanFeature[] = Object.entries(manifests)
  .sort(([a], [b]) => a.localeCompare(b))
  .flatMap(([, m]) => (m.planFeatures ?? []).map((f) => ({ ...f, plugin: m.id })));
