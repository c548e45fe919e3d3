import type { ComponentType, LazyExoticComponent } from "react";
import type { IconName } from "@blueprintjs/icons";
import type { PluginManifest } from "../../../core/plugin/manifest.ts";
import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import type { ZoneContributions } from "./zone-types.ts";

export type Language = "pt" | "en" | "es" | "tr";
export const languages: readonly Language[] = ["pt", "en", "es", "tr"];

/** Who may see a page or menu entry. Mirrors the server's route access. */
export type WebAccess = "user" | "admin" | "super";

export interface PluginPage {
  /** wouter path pattern, e.g. "/users" or "/tickets/:ticketId?". */
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: each plugin's page has its own props; the shell renders it with route params
  component: LazyExoticComponent<ComponentType<any>> | ComponentType<any>;
  access?: WebAccess;
  /** A named permission rule the user must hold (from the session's `permissions`). */
  rule?: string;
  /** Overrides the plugin's plan flag for this page; `false` for none. */
  planFlag?: PlanFeatureKey | false;
  /** Public pages (login, signup) render without the private layout and send signed-in users to "/". */
  public?: boolean;
}

export interface MenuEntry {
  /** i18n key in the plugin's namespace, e.g. "menu.users". */
  labelKey: string;
  icon: IconName;
  path: string;
  /** Lower comes first. Core entries use 10, 20, ...; admin area 100+. */
  order: number;
  access?: WebAccess;
  rule?: string;
  planFlag?: PlanFeatureKey | false;
  /** Section heading key (e.g. "common:menu.administration"); entries with the same section group together. */
  section?: string;
  /** Small component rendered at the right of the entry (a count or a "!" badge). */
  badge?: ComponentType;
  /** Still shown when the company's subscription has expired (only billing, spec 001 §6). */
  keepWhenExpired?: boolean;
  /**
   * A React hook deciding at runtime whether the entry shows (e.g. the help centre only
   * when there are help entries). The shell calls it inside a per-entry component, so it
   * may run queries; absent means always shown (subject to access, rule and plan).
   */
  useVisible?: () => boolean;
}

/**
 * Places where plugins add components: the named zones of `ZoneProps` (./zone-types.ts;
 * the shell's and those the plugins owning a screen declare), plus the settings page's tabs.
 */
export type Zones = ZoneContributions & {
  /** Tabs of the /settings page: { id, labelKey, component, access }. */
  settingsTabs?: SettingsTab[];
};

export interface SettingsTab {
  id: string;
  labelKey: string;
  component: ComponentType;
  access?: WebAccess;
  /** Shown only when this returns true for the current company settings (e.g. Hours when scheduleType is company). */
  visible?: (companySettings: Record<string, string>) => boolean;
  order: number;
}

/**
 * A plugin's web entry (`plugins/<id>/web/index.ts`, default export), loaded lazily by
 * the shell. Its translations live under the namespace `manifest.id`, in all four languages.
 * RTK Query endpoints are added with `api.injectEndpoints` from `web/src/api/api.ts`;
 * Redux slices with `slice.injectInto(rootReducer)` (`web/src/store/store.ts`, typed by merging `LazyLoadedSlices`).
 */
export interface WebPlugin {
  manifest: PluginManifest;
  pages?: PluginPage[];
  menu?: MenuEntry[];
  zones?: Zones;
  translations: Record<Language, Record<string, unknown>>;
}

export function defineWebPlugin(plugin: WebPlugin): WebPlugin {
  return plugin;
}
