import { Tab, Tabs } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../web/src/session/session.ts";
import { PageLayout } from "../../../web/src/ui/index.ts";
import { HelpCentre } from "./help-centre.tsx";
import { HelpsManager } from "./helps-manager.tsx";

/**
 * /helps: everybody gets the help centre; the super user also manages the entries
 * (first tab), with the centre as a preview of what companies see.
 */
export default function HelpsPage() {
  const { t } = useTranslation("helps");
  const { isSuper } = useSession();
  return (
    <PageLayout title={t("title")}>
      {isSuper ? (
        <Tabs id="helps-tabs" defaultSelectedTabId="manage" renderActiveTabPanelOnly>
          <Tab id="manage" title={t("tabs.manage")} panel={<HelpsManager />} />
          <Tab id="centre" title={t("tabs.centre")} panel={<HelpCentre />} />
        </Tabs>
      ) : (
        <HelpCentre />
      )}
    </PageLayout>
  );
}
