import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { emitRealtime } from "../../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../../web/src/session/session.ts";
import { ConfirmDialog, EmptyState, ListFooter, toastError, toastSuccess, useDebouncedValue, useInfiniteScroll } from "../../../../web/src/ui/index.ts";
import type { TicketTab } from "../../shared/ticket-types.ts";
import { NewTicketDialog } from "../actions/new-ticket-dialog.tsx";
import { useCloseAllTicketsMutation } from "../tickets-api.ts";
import { FilterPanel, noPicks, pickCount, type FilterPicks } from "./filter-panel.tsx";
import { tabHasSort, type ListFilters, type SortOrder } from "./list-filters.ts";
import { ListTabs, tabsFor } from "./list-tabs.tsx";
import { ListToolbar } from "./list-toolbar.tsx";
import { defaultQueueIds, QueueSelector } from "./queue-selector.tsx";
import { TicketListItem } from "./ticket-list-item.tsx";
import { useTicketList, type TicketList } from "./use-ticket-list.ts";
import { filterStatuses, waitingStatusesOf } from "./waiting-statuses.ts";

export interface TicketsListPanelProps {
  selectedUuid: string | null;
  onSelect: (uuid: string) => void;
}

/**
 * The left side of /tickets (spec 000 §2): toolbar, the five tabs with counts, the filter
 * panel, the queue selector and the selected tab's list with infinite scroll. Every tab
 * keeps its own live list so all the badges stay right.
 */
export function TicketsListPanel({ selectedUuid, onSelect }: TicketsListPanelProps) {
  const { t } = useTranslation("tickets");
  const { user, isAdmin, can, settings } = useSession();
  const allowGroup = !!user?.allowGroup;
  const waits = waitingStatusesOf(settings);
  const canShowAll = isAdmin || user?.allUserChat === "enabled" || can("tickets-manager:showall");
  const tabs = tabsFor(allowGroup);

  const [tab, setTab] = useState<TicketTab>("open");
  const [search, setSearch] = useState("");
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [picks, setPicks] = useState<FilterPicks>(noPicks);
  const [sort, setSort] = useState<SortOrder>("DESC");
  const [queueIds, setQueueIds] = useState<number[] | null>(() => defaultQueueIds(user));
  const [reload, setReload] = useState(0);
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [confirmCloseAll, setConfirmCloseAll] = useState(false);
  const [closeAll, closing] = useCloseAllTicketsMutation();

  // Spec 000 §9: search and filters settle for 500 ms before the lists reload.
  const settledSearch = useDebouncedValue(search);
  const settledPicks = useDebouncedValue(picks);

  const filters: ListFilters = useMemo(
    () => ({ search: settledSearch, searchOnMessages, showAll: canShowAll && showAll, queueIds, sort, ...settledPicks }),
    [settledSearch, searchOnMessages, canShowAll, showAll, queueIds, sort, settledPicks],
  );
  const ctx = { meId: user?.id ?? 0, isAdmin, reload };
  const open = useTicketList("open", filters, ctx);
  const pending = useTicketList("pending", filters, ctx);
  const group = useTicketList("group", filters, ctx, allowGroup);
  const closed = useTicketList("closed", filters, ctx);
  const searched = useTicketList("search", filters, ctx);
  // Issue 14: the tickets waiting for the customer head a tab (first page; search finds the rest),
  // asked for only while the company's settings let a ticket wait so.
  const awaitingConsent = useTicketList("lgpd", filters, ctx, waits.lgpd);
  const awaitingRating = useTicketList("nps", filters, ctx, waits.nps);
  const lists: Record<TicketTab, TicketList> = { open, pending, group, closed, search: searched };
  const waiting: Partial<Record<TicketTab, TicketList>> = { ...(waits.lgpd ? { pending: awaitingConsent } : {}), ...(waits.nps ? { closed: awaitingRating } : {}) };
  const counts = Object.fromEntries(Object.entries(lists).map(([k, l]) => [k, l.count + (waiting[k as TicketTab]?.count ?? 0)])) as Record<TicketTab, number>;
  const list = lists[tab];
  const head = waiting[tab]?.tickets ?? [];
  const sentinel = useInfiniteScroll(list.loadMore, list.hasMore, { loading: list.loading });

  // The server's per-status rooms (spec 000 §7): join the tab's, leave it on change.
  useEffect(() => {
    emitRealtime("joinTickets", tab);
    return () => emitRealtime("leaveTickets", tab);
  }, [tab]);

  const failed = [...Object.values(lists), ...Object.values(waiting)].some((l) => l.isError);
  useEffect(() => {
    if (failed) toastError(t("list.loadError"));
  }, [failed, t]);

  const typeSearch = (value: string) => {
    setSearch(value);
    // Typing searches every status: the search tab shows the results.
    if (value.trim()) setTab("search");
  };

  const runCloseAll = async () => {
    // Only live tabs are closed in bulk (the button shows nowhere else; the server refuses the rest).
    if (tab === "closed" || tab === "search") return;
    try {
      await closeAll({ status: tab, selectedQueueIds: queueIds ?? [] }).unwrap();
      toastSuccess(t("list.closeAllDone"));
      setReload((n) => n + 1);
    } catch (err) {
      toastError(err);
    } finally {
      setConfirmCloseAll(false);
    }
  };

  return (
    <div className="tickets-list-panel">
      <ListToolbar
        search={search}
        onSearch={typeSearch}
        searchOnMessages={searchOnMessages}
        onSearchOnMessages={setSearchOnMessages}
        filtersOpen={filtersOpen}
        filterCount={pickCount(picks)}
        onToggleFilters={() => setFiltersOpen((o) => !o)}
        canShowAll={canShowAll}
        showAll={showAll}
        onShowAll={setShowAll}
        onNewTicket={() => setNewTicketOpen(true)}
        canCloseAll={isAdmin && tab !== "closed" && tab !== "search"}
        onCloseAll={() => setConfirmCloseAll(true)}
        sortVisible={tabHasSort(tab)}
        sort={sort}
        onSort={setSort}
      />
      {filtersOpen ? <FilterPanel picks={picks} onChange={setPicks} isAdmin={isAdmin} statuses={filterStatuses(waits)} /> : null}
      <ListTabs tabs={tabs} selected={tab} counts={counts} onChange={setTab} />
      {queueIds ? (
        <div className="tickets-queues">
          <QueueSelector user={user} selected={queueIds} onChange={setQueueIds} />
        </div>
      ) : null}
      <div className="tickets-list-scroll">
        {head.length ? (
          <ul className="tickets-list tickets-list-waiting" aria-label={t(tab === "closed" ? "list.waiting.nps" : "list.waiting.lgpd")}>
            {head.map((ticket) => (
              <TicketListItem key={ticket.id} ticket={ticket} selected={ticket.uuid === selectedUuid} showUser={isAdmin} onSelect={onSelect} />
            ))}
          </ul>
        ) : null}
        {list.tickets.length === 0 && !list.loading ? (
          head.length ? null : (
            <EmptyState icon="inbox" title={t("list.empty")} />
          )
        ) : (
          <ul className="tickets-list" aria-label={t(`list.tabs.${tab}`)}>
            {list.tickets.map((ticket) => (
              <TicketListItem key={ticket.id} ticket={ticket} selected={ticket.uuid === selectedUuid} showUser={isAdmin} onSelect={onSelect} />
            ))}
          </ul>
        )}
        <ListFooter sentinel={sentinel} loading={list.loading} />
      </div>
      <NewTicketDialog isOpen={newTicketOpen} onClose={() => setNewTicketOpen(false)} />
      <ConfirmDialog
        isOpen={confirmCloseAll}
        title={t("list.closeAllTitle")}
        message={t("list.closeAllMessage")}
        confirmText={t("list.yes")}
        cancelText={t("list.no")}
        loading={closing.isLoading}
        onConfirm={runCloseAll}
        onClose={() => setConfirmCloseAll(false)}
      />
    </div>
  );
}
