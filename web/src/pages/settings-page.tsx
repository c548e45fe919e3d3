import { Tab, Tabs } from "@blueprintjs/core";
import { Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { hasAccess } from "../plugin/access.ts";
import { usePlugins } from "../plugin/plugins.tsx";
import type { SettingsTab } from "../plugin/web-plugin.ts";
import { useSession } from "../session/session.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { LoadingState } from "../ui/loading-state.tsx";
import { NoAccess } from "../ui/no-access.tsx";
import { PageLayout } from "../ui/page-layout.tsx";

interface PlacedTab extends SettingsTab {
  ns: string;
}

/** The tabs the person may see: every enabled plugin's settings tabs, filtered and ordered. */
export function useSettingsTabs(): PlacedTab[] {
  const session = useSession();
  const { enabled } = usePlugins();
  return useMemo(
    () =>
      enabled
        .flatMap((p) => (p.zones?.settingsTabs ?? []).map((tab) => ({ ...tab, ns: p.manifest.id })))
        .filter((tab) => hasAccess(tab.access, session) && (tab.visible?.(session.settings) ?? true))
        .sort((a, b) => a.order - b.order),
    [enabled, session],
  );
}

function TabLabel({ tab }: { tab: PlacedTab }) {
  const { t } = useTranslation(tab.ns);
  return <>{t(tab.labelKey)}</>;
}

/**
 * /settings (spec 001 §2): tabs contributed by plugins (Options, Hours when scheduleType is
 * 'company', and the super user's Companies, Plans, Helps, Whitelabel...). The chosen tab is
 * in the address (?tab=id) so a reload keeps it. A plain user sees the no-permission view.
 */
export function SettingsPage() {
  const { t } = useTranslation("common");
  const { isAdmin } = useSession();
  const tabs = useSettingsTabs();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get("tab");
  const selected = tabs.find((tab) => tab.id === wanted)?.id ?? tabs[0]?.id;

  if (!isAdmin) {
    return (
      <PageLayout title={t("settings.title")}>
        <NoAccess />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t("settings.title")}>
      {tabs.length === 0 ? (
        <EmptyState icon="cog" title={t("settings.empty")} />
      ) : (
        <Tabs
          id="settings-tabs"
          className="app-settings-tabs"
          selectedTabId={selected}
          onChange={(id) => navigate(`${location}?tab=${encodeURIComponent(String(id))}`, { replace: true })}
          renderActiveTabPanelOnly
          size="large"
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.id}
              id={tab.id}
              title={<TabLabel tab={tab} />}
              panel={
                <Suspense fallback={<LoadingState />}>
                  <div className="app-settings-panel">
                    <tab.component />
                  </div>
                </Suspense>
              }
            />
          ))}
        </Tabs>
      )}
    </PageLayout>
  );
}

export default SettingsPage;
