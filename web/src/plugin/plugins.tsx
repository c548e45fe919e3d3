import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { registerTranslations } from "../i18n/i18n.ts";
import { useSession } from "../session/session.ts";
import { useAppSelector } from "../store/store.ts";
import { pluginEnabled } from "./access.ts";
import type { WebPlugin } from "./web-plugin.ts";

export type PluginLoaders = Record<string, () => Promise<unknown>>;

/** Every installed plugin's web entry, as lazy imports (Vite splits each into its own chunk). */
export const discoveredPlugins = import.meta.glob("../../../plugins/*/web/index.ts") as PluginLoaders;

function isWebPlugin(value: unknown): value is WebPlugin {
  const v = value as WebPlugin | undefined;
  return !!v && typeof v === "object" && typeof v.manifest?.id === "string" && typeof v.translations === "object";
}

/**
 * Imports the web entries and registers their translations. A broken plugin is
 * reported and skipped: one faulty feature must not take the whole app down.
 */
export async function loadPlugins(loaders: PluginLoaders = discoveredPlugins): Promise<WebPlugin[]> {
  const entries = Object.entries(loaders).sort(([a], [b]) => a.localeCompare(b));
  const settled = await Promise.allSettled(entries.map(([, load]) => load()));
  const plugins: WebPlugin[] = [];
  settled.forEach((result, i) => {
    const path = entries[i][0];
    const plugin = result.status === "fulfilled" ? (result.value as { default?: unknown }).default : undefined;
    if (result.status === "rejected") console.error(`web plugin ${path} failed to load`, result.reason);
    else if (!isWebPlugin(plugin)) console.error(`web plugin ${path} has no default export made with defineWebPlugin()`);
    else plugins.push(plugin);
  });
  for (const p of plugins) registerTranslations(p.manifest.id, p.translations);
  return plugins;
}

interface PluginsState {
  ready: boolean;
  /** Every loaded plugin, enabled or not (a disabled one's pages still answer with the plan message). */
  all: WebPlugin[];
}

const PluginsContext = createContext<PluginsState>({ ready: false, all: [] });

export interface PluginsProviderProps {
  children: ReactNode;
  /** Given plugins instead of the discovered ones (tests). */
  plugins?: WebPlugin[];
  loaders?: PluginLoaders;
}

/** Loads the plugins once the session is known (booting -> signed in or anonymous). */
export function PluginsProvider({ children, plugins, loaders }: PluginsProviderProps) {
  const status = useAppSelector((s) => s.session.status);
  const [state, setState] = useState<PluginsState>(() => {
    if (!plugins) return { ready: false, all: [] };
    for (const p of plugins) registerTranslations(p.manifest.id, p.translations);
    return { ready: true, all: plugins };
  });
  const sessionKnown = status !== "booting";

  useEffect(() => {
    if (plugins || !sessionKnown || state.ready) return;
    let live = true;
    void loadPlugins(loaders).then((all) => live && setState({ ready: true, all }));
    return () => {
      live = false;
    };
  }, [plugins, loaders, sessionKnown, state.ready]);

  return <PluginsContext.Provider value={state}>{children}</PluginsContext.Provider>;
}

/** The loaded plugins, and those the company's plan switches on. */
export function usePlugins(): PluginsState & { enabled: WebPlugin[] } {
  const state = useContext(PluginsContext);
  const session = useSession();
  const enabled = useMemo(() => state.all.filter((p) => pluginEnabled(p, session)), [state.all, session]);
  return { ...state, enabled };
}
