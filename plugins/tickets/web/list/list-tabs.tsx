import { Tab, Tabs, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { TicketTab } from "../../shared/ticket-types.ts";

/** The tabs in their order; the group tab only for users with allowGroup. */
export const tabsFor = (allowGroup: boolean): TicketTab[] => (allowGroup ? ["open", "pending", "group", "closed", "search"] : ["open", "pending", "closed", "search"]);

/** Assigned / Pending / Groups / Resolved / Search, each with its count badge. */
export function ListTabs({ tabs, selected, counts, onChange }: { tabs: TicketTab[]; selected: TicketTab; counts: Record<TicketTab, number>; onChange: (tab: TicketTab) => void }) {
  const { t } = useTranslation("tickets");
  return (
    <Tabs id="tickets-tabs" className="tickets-tabs" selectedTabId={selected} onChange={(id) => onChange(id as TicketTab)}>
      {tabs.map((tab) => (
        <Tab
          key={tab}
          id={tab}
          title={
            <>
              {t(`list.tabs.${tab}`)}{" "}
              <Tag round minimal className="tickets-tab-count">
                {counts[tab]}
              </Tag>
            </>
          }
        />
      ))}
    </Tabs>
  );
}
