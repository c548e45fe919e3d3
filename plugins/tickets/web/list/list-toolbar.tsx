import { Button, Checkbox, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { SortOrder } from "./list-filters.ts";

export interface ListToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  searchOnMessages: boolean;
  onSearchOnMessages: (value: boolean) => void;
  filtersOpen: boolean;
  /** How many filter picks are active (shown on the toggle). */
  filterCount: number;
  onToggleFilters: () => void;
  /** Admins, allUserChat users and holders of tickets-manager:showall. */
  canShowAll: boolean;
  showAll: boolean;
  onShowAll: (value: boolean) => void;
  onNewTicket: () => void;
  /** Admin, on a tab whose tickets can be closed. */
  canCloseAll: boolean;
  onCloseAll: () => void;
  /** Hidden on the resolved and search tabs. */
  sortVisible: boolean;
  sort: SortOrder;
  onSort: (value: SortOrder) => void;
}

/**
 * The list panel's controls (spec 000 §2): search box, filter toggle, "search inside
 * messages", show-all, new ticket, close all and the ASC/DESC sort.
 */
export function ListToolbar(p: ListToolbarProps) {
  const { t } = useTranslation("tickets");
  return (
    <div className="tickets-toolbar">
      <div className="tickets-toolbar-row">
        <InputGroup
          type="search"
          leftIcon="search"
          className="tickets-search"
          placeholder={t("list.search")}
          aria-label={t("list.search")}
          value={p.search}
          onChange={(e) => p.onSearch(e.target.value)}
        />
        <Button
          icon="filter"
          variant={p.filtersOpen ? "solid" : "minimal"}
          intent={p.filterCount ? Intent.PRIMARY : Intent.NONE}
          active={p.filtersOpen}
          aria-pressed={p.filtersOpen}
          aria-label={t("list.toggleFilters")}
          title={t("list.toggleFilters")}
          text={p.filterCount ? String(p.filterCount) : undefined}
          onClick={p.onToggleFilters}
        />
      </div>
      <div className="tickets-toolbar-row">
        <Checkbox
          className="tickets-inline-check"
          checked={p.searchOnMessages}
          label={t("list.searchOnMessages")}
          onChange={(e) => p.onSearchOnMessages(e.currentTarget.checked)}
        />
        <span className="tickets-toolbar-spacer" />
        {p.canShowAll ? <Switch className="tickets-inline-check" checked={p.showAll} label={t("list.showAll")} onChange={(e) => p.onShowAll(e.currentTarget.checked)} /> : null}
        {p.sortVisible ? (
          <Button
            variant="minimal"
            icon={p.sort === "ASC" ? "sort-asc" : "sort-desc"}
            aria-label={p.sort === "ASC" ? t("list.sortAsc") : t("list.sortDesc")}
            title={p.sort === "ASC" ? t("list.sortAsc") : t("list.sortDesc")}
            onClick={() => p.onSort(p.sort === "ASC" ? "DESC" : "ASC")}
          />
        ) : null}
        {p.canCloseAll ? (
          <Button variant="minimal" intent={Intent.DANGER} icon="disable" aria-label={t("list.closeAll")} title={t("list.closeAll")} onClick={p.onCloseAll} />
        ) : null}
        <Button intent={Intent.PRIMARY} icon="add" text={t("list.newTicket")} onClick={p.onNewTicket} />
      </div>
    </div>
  );
}
