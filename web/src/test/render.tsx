import { render, type RenderOptions, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { tokenStore } from "../api/api.ts";
import { AppProviders } from "../app/app.tsx";
import type { PluginLoaders } from "../plugin/plugins.tsx";
import type { WebPlugin } from "../plugin/web-plugin.ts";
import { installSessionHooks } from "../session/session-actions.ts";
import type { SessionUser } from "../session/types.ts";
import { makeStore, type AppStore, type RootState } from "../store/store.ts";
import { testUser } from "./fixtures.ts";

export { isoDay, testPlan, testUser } from "./fixtures.ts";

export interface RenderWithProvidersOptions extends Omit<RenderOptions, "wrapper"> {
  /**
   * The signed-in user (as `/auth/me` answers it; use `testUser({...})`), or `null` for
   * nobody signed in. By default an admin of company 2 with every plan flag on.
   */
  session?: SessionUser | null;
  /** The initial path of the memory location (default "/"). */
  route?: string;
  /** The plugins the shell knows about (default none). */
  plugins?: WebPlugin[];
  loaders?: PluginLoaders;
  /** A store to use instead of a fresh one. */
  store?: AppStore;
  /** Extra preloaded state (lazily injected slices, ui). */
  preloadedState?: Partial<RootState>;
}

export interface RenderWithProvidersResult extends RenderResult {
  store: AppStore;
  /** The memory location: `location.history` lists the visited paths, `location.navigate(path)` moves. */
  location: ReturnType<typeof memoryLocation>;
  /** The current path. */
  path(): string;
}

/**
 * Renders `ui` inside the shell's providers: a store with a preloaded session, i18n in
 * Portuguese, the plugins given, and a memory location for wouter. The realtime channel
 * and the whitelabel look-ups stay off; feed events with `realtimeClient.deliver(...)`.
 * Answer the API with `stubApi` (./stub-api.ts): routed JSON answers and recorded calls.
 * @example
 *   vi.stubGlobal("fetch", stubApi({ "GET /helps/list": () => ({ body: [] }) }).fetch);
 *   const { store, path } = renderWithProviders(<HelpsPage />, { session: testUser({ super: true }), route: "/helps" });
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const { session, route = "/", plugins = [], loaders, store: given, preloadedState, ...renderOptions } = options;
  const user = session === undefined ? testUser() : session;
  const token = user ? "test-token" : null;
  if (token) tokenStore.set(token);
  const store =
    given ??
    makeStore({
      ...preloadedState,
      session: user ? { status: "signedIn", token, user } : { status: "anonymous", token: null, user: null },
    });
  installSessionHooks(store);
  const location = memoryLocation({ path: route, record: true });
  const result = render(
    <AppProviders store={store} plugins={plugins} loaders={loaders} realtime={false} branding={false}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProviders>,
    renderOptions,
  );
  return { ...result, store, location, path: () => location.history.at(-1) ?? route };
}
