import { useCallback, useEffect, useState } from "react";
import { Tab, Tabs } from "@blueprintjs/core";
import { skipToken } from "@reduxjs/toolkit/query";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "wouter";
import { NARROW_SCREEN, useMediaQuery } from "../../../web/src/layout/use-media-query.ts";
import { subscriptionExpired } from "../../../web/src/plugin/access.ts";
import { logout } from "../../../web/src/session/session-actions.ts";
import { useSession } from "../../../web/src/session/session.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { TicketConversation } from "./conversation/ticket-conversation.tsx";
import { TicketsListPanel } from "./list/tickets-list-panel.tsx";
import { PanelDivider } from "./panel-divider.tsx";
import { useTicketByUuidQuery } from "./tickets-api.ts";
import { TicketsWelcome } from "./tickets-welcome.tsx";
import { usePanelWidth } from "./use-panel-width.ts";
import "./tickets-page.css";

type MobileTab = "ticket" | "list";

/**
 * /tickets and /tickets/{uuid} (spec 000 §2). Wide screens: the list on the left, a
 * draggable divider (404..700 px, saved per user) and the open conversation or the
 * welcome. Narrow screens: tabs 'Ticket' and 'Atendimentos' and a 'Selecionar Ticket'
 * button. An unknown uuid goes back to /tickets. An expired company is logged out here
 * (spec 000 §9, 001 §4; the server answers its calls 402 anyway).
 */
export default function TicketsPage() {
  const { t } = useTranslation("tickets");
  const params = useParams<{ uuid?: string }>();
  const uuid = params.uuid ?? null;
  const [, navigate] = useLocation();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const panel = usePanelWidth();
  const [mobileTab, setMobileTab] = useState<MobileTab>(uuid ? "ticket" : "list");
  const session = useSession();
  const dispatch = useAppDispatch();
  const expired = subscriptionExpired(session);
  useEffect(() => {
    if (expired) void dispatch(logout());
  }, [expired, dispatch]);

  const open = useCallback((next: string) => navigate(`/tickets/${next}`), [navigate]);

  // The same query the conversation makes (shared by RTK Query): a missing ticket leaves.
  const ticket = useTicketByUuidQuery(uuid ?? skipToken);
  useEffect(() => {
    if (uuid && ticket.isError) navigate("/tickets", { replace: true });
  }, [uuid, ticket.isError, navigate]);

  // Choosing a ticket on a phone shows it.
  useEffect(() => {
    if (uuid) setMobileTab("ticket");
  }, [uuid]);

  const list = <TicketsListPanel selectedUuid={uuid} onSelect={open} />;

  if (narrow) {
    return (
      <div className="tickets-page tickets-page-narrow">
        <Tabs id="tickets-mobile-tabs" className="tickets-mobile-tabs" selectedTabId={mobileTab} onChange={(id) => setMobileTab(id as MobileTab)}>
          <Tab id="ticket" title={t("page.tabTicket")} />
          <Tab id="list" title={t("page.tabList")} />
        </Tabs>
        {/* The list stays mounted (hidden) so its tab, filters and scroll survive switching. */}
        <div className="tickets-mobile-pane" hidden={mobileTab !== "list"}>
          {list}
        </div>
        <div className="tickets-mobile-pane" hidden={mobileTab !== "ticket"}>
          {uuid ? <TicketConversation key={uuid} uuid={uuid} /> : <TicketsWelcome onSelectTicket={() => setMobileTab("list")} />}
        </div>
      </div>
    );
  }

  return (
    <div className="tickets-page">
      <div className="tickets-page-list" style={{ width: panel.width }}>
        {list}
      </div>
      <PanelDivider width={panel.width} label={t("page.resize")} onResize={panel.setWidth} onResizeEnd={panel.commit} />
      <div className="tickets-page-conversation">{uuid ? <TicketConversation key={uuid} uuid={uuid} /> : <TicketsWelcome />}</div>
    </div>
  );
}
