import type { PermissionRule } from "../auth/permissions.ts";
import type { PlanFlag } from "../db/tables.ts";

/**
 * The static description of a plugin, in `plugins/<id>/plugin.ts`. It is pure data
 * (no server or web imports) so both the server and the web shell can read it.
 */
export interface PluginManifest {
  /** kebab-case; names the folder, events (`<id>.<entity>.<action>`), jobs, i18n namespace, realtime topics. */
  id: string;
  /** Plugins that must load first. A missing one or a cycle stops the boot. */
  dependsOn?: readonly string[];
  /** The plan flag a company needs for this feature; its routes answer ERR_PLAN_FEATURE_DISABLED otherwise. */
  planFlag?: PlanFlag;
  /** Named permission rules this plugin defines, with who holds them. */
  permissions?: Readonly<Record<string, PermissionRule>>;
}

/** Declares a manifest with its literal types kept. */
export function definePlugin<const M extends PluginManifest>(manifest: M): M {
  return manifest;
}
