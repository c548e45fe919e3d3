import type { PermissionRule } from "../auth/permissions.ts";
import type { ErrorDeclarations } from "../errors.ts";
import type { PlanFeature, PlanFeatureKey } from "./plan-features.ts";

/**
 * The static description of a plugin, in `plugins/<id>/plugin.ts`. It is pure data
 * (no server or web imports) so both the server and the web shell can read it.
 */
export interface PluginManifest {
  /** kebab-case; names the folder, events (`<id>.<entity>.<action>`), jobs, i18n namespace, realtime topics. */
  id: string;
  /** Plugins that must load first. A missing one or a cycle stops the boot. */
  dependsOn?: readonly string[];
  /**
   * Plugins this one works with when they are installed (it takes their services with
   * `services.get`, or names their contracts' types) but runs without: each one present loads
   * first, an absent one is fine, a cycle still stops the boot. An import of another plugin's
   * file must be covered by one of the two lists (tests/architecture/plugin-imports.test.ts).
   */
  optionalDependsOn?: readonly string[];
  /**
   * The plan features this plugin introduces (key, label i18n key, default). The plans plugin
   * stores them per plan and the API answers each as a boolean on plans (core/plugin/plan-features.ts).
   */
  planFeatures?: readonly PlanFeature[];
  /** The plan feature a company needs for this plugin; its routes answer ERR_PLAN_FEATURE_DISABLED otherwise, its menu and pages hide. */
  planFlag?: PlanFeatureKey;
  /** Named permission rules this plugin defines, with who holds them. */
  permissions?: Readonly<Record<string, PermissionRule>>;
  /**
   * Services (core/plugin/services.ts) this plugin takes with `services.require`: the boot
   * stops, naming the plugin and the service, when no installed plugin provides one.
   */
  requires?: readonly string[];
  /**
   * The error codes this plugin raises, with their HTTP status (core/errors.ts): registered
   * at boot; the web may read them too. Type them with `interface ErrorCodes extends DeclaredErrors<typeof manifest> {}`.
   */
  errors?: ErrorDeclarations;
}

/** Declares a manifest with its literal types kept. */
export function definePlugin<const M extends PluginManifest>(manifest: M): M {
  return manifest;
}
