import { BlueprintProvider } from "@blueprintjs/core";
import { StrictMode, useEffect, useRef, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { Provider } from "react-redux";
import { Router } from "wouter";
import { i18n } from "../i18n/i18n.ts";
import { DocumentBranding } from "../layout/branding.ts";
import { PluginsProvider, type PluginLoaders } from "../plugin/plugins.tsx";
import type { WebPlugin } from "../plugin/web-plugin.ts";
import { RealtimeSession } from "../realtime/realtime-session.tsx";
import { bootSession } from "../session/session-actions.ts";
import type { AppStore } from "../store/store.ts";
import { AppRoutes } from "./app-routes.tsx";

export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
  /** Given plugins instead of discovering them (tests). */
  plugins?: WebPlugin[];
  loaders?: PluginLoaders;
  /** Open the realtime channel for the signed-in user (off in component tests). */
  realtime?: boolean;
  /** Read the whitelabel settings and apply them to the document (off in component tests). */
  branding?: boolean;
}

/** Store, translations, Blueprint, document branding, realtime and plugins: everything a page needs around it. */
export function AppProviders({ store, children, plugins, loaders, realtime = true, branding = true }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <BlueprintProvider>
          {branding ? <DocumentBranding /> : null}
          <RealtimeSession connect={realtime} />
          <PluginsProvider plugins={plugins} loaders={loaders}>
            {children}
          </PluginsProvider>
        </BlueprintProvider>
      </I18nextProvider>
    </Provider>
  );
}

/** Restores the session from the refresh cookie once, at startup. */
function Boot({ store }: { store: AppStore }) {
  // StrictMode runs effects twice in development: one startup refresh is enough.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || store.getState().session.status !== "booting") return;
    started.current = true;
    void store.dispatch(bootSession());
  }, [store]);
  return null;
}

/** The web app: providers, startup session restore, and the routes (browser location). */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <AppProviders store={store}>
        <Boot store={store} />
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
