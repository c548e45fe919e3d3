import { Suspense, useEffect, type ComponentType, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, Route, Switch, useLocation } from "wouter";
import { PrivateLayout } from "../layout/private-layout.tsx";
import { NotFoundPage } from "../pages/not-found-page.tsx";
import { effectivePlanFlag, hasAccess, planAllows, pluginEnabled } from "../plugin/access.ts";
import { usePlugins } from "../plugin/plugins.tsx";
import type { PluginPage, WebPlugin } from "../plugin/web-plugin.ts";
import { LoginPage } from "../session/login-page.tsx";
import { useSession } from "../session/session.ts";
import { ErrorBoundary } from "../ui/error-boundary.tsx";
import { LoadingState } from "../ui/loading-state.tsx";
import { NoAccess } from "../ui/no-access.tsx";
import { toastError } from "../ui/toast.ts";
import { shellPlugin } from "./shell-plugin.tsx";

/** Redirect delay after the plan message (spec 001 §8: 1 s). */
export const PLAN_REDIRECT_MS = 1000;

export interface AppRoute {
  plugin: WebPlugin;
  page: PluginPage;
}

/** Every page of every loaded plugin (disabled ones included, to answer with the plan message), then the shell's. */
export function collectRoutes(plugins: readonly WebPlugin[]): { publicRoutes: AppRoute[]; privateRoutes: AppRoute[] } {
  const all = [...plugins, shellPlugin].flatMap((plugin) => (plugin.pages ?? []).map((page) => ({ plugin, page })));
  return { publicRoutes: all.filter((r) => r.page.public), privateRoutes: all.filter((r) => !r.page.public) };
}

// biome-ignore lint/suspicious/noExplicitAny: pages take whatever props their plugin gives them; the frame passes route params only
function PageFrame({ component: Page, params }: { component: ComponentType<any>; params?: Record<string, string | undefined> }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<LoadingState fill />}>
        <Page params={params ?? {}} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A feature the company's plan lacks: the spec's message, then home after 1 s. */
export function PlanRedirect() {
  const { t } = useTranslation("common");
  const [, navigate] = useLocation();
  useEffect(() => {
    toastError(t("plan.disabled"));
    const timer = setTimeout(() => navigate("/", { replace: true }), PLAN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return <LoadingState fill label={t("plan.disabled")} />;
}

/** A private page behind its plugin's and its own plan flag, access level and permission rule. */
function PrivatePage({ route, params }: { route: AppRoute; params: Record<string, string | undefined> }) {
  const session = useSession();
  const { plugin, page } = route;
  if (!pluginEnabled(plugin, session) || !planAllows(effectivePlanFlag(plugin, page), session)) return <PlanRedirect />;
  if (!hasAccess(page.access, session) || (page.rule && !session.can(page.rule))) return <NoAccess />;
  return <PageFrame component={page.component} params={params} />;
}

/** Public pages (login, signup, password reset) send a signed-in person home. */
function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === "signedIn" ? <Redirect to="/" replace /> : children;
}

/** Private pages send everyone else to /login. */
function PrivateOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  return status === "signedIn" ? children : <Redirect to="/login" replace />;
}

/** The whole route table: public pages, then the private layout around every other path. */
export function AppRoutes() {
  const { status } = useSession();
  const { ready, all } = usePlugins();
  if (status === "booting" || !ready) return <LoadingState fill />;
  const { publicRoutes, privateRoutes } = collectRoutes(all);

  return (
    <Switch>
      <Route path="/login">
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      </Route>
      {publicRoutes.map((r) => (
        <Route key={`${r.plugin.manifest.id}:${r.page.path}`} path={r.page.path}>
          {(params) => (
            <PublicOnly>
              <PageFrame component={r.page.component} params={params} />
            </PublicOnly>
          )}
        </Route>
      ))}
      <Route>
        <PrivateOnly>
          <PrivateLayout>
            <Switch>
              {privateRoutes.map((r) => (
                <Route key={`${r.plugin.manifest.id}:${r.page.path}`} path={r.page.path}>
                  {(params) => <PrivatePage route={r} params={params} />}
                </Route>
              ))}
              <Route>
                <NotFoundPage />
              </Route>
            </Switch>
          </PrivateLayout>
        </PrivateOnly>
      </Route>
    </Switch>
  );
}
