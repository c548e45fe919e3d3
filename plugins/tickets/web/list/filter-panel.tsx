import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { TicketStatusValue } from "../../shared/ticket-types.ts";
import { useTicketFilterConnectionsQuery, useTicketFilterTagsQuery, useTicketFilterUsersQuery } from "../tickets-api.ts";
import { MultiPick } from "./multi-pick.tsx";

/** The filter panel's picks (tags, connections, statuses, users). */
export interface FilterPicks {
  tagIds: number[];
  whatsappIds: number[];
  statuses: TicketStatusValue[];
  userIds: number[];
}

export const noPicks: FilterPicks = { tagIds: [], whatsappIds: [], statuses: [], userIds: [] };

export const pickCount = (p: FilterPicks) => p.tagIds.length + p.whatsappIds.length + p.statuses.length + p.userIds.length;

/**
 * Shown by the filter toggle (spec 000 §2): by tag, connection and status; by user for
 * admins only. The option lists load when the panel first opens; `statuses` are those the
 * company's tickets can be in (waiting-statuses.ts).
 */
export function FilterPanel({
  picks,
  onChange,
  isAdmin,
  statuses,
}: {
  picks: FilterPicks;
  onChange: (next: FilterPicks) => void;
  isAdmin: boolean;
  statuses: TicketStatusValue[];
}) {
  const { t } = useTranslation("tickets");
  const tags = useTicketFilterTagsQuery().data ?? [];
  const connections = useTicketFilterConnectionsQuery().data ?? [];
  const users = useTicketFilterUsersQuery(undefined, { skip: !isAdmin }).data ?? [];
  const set =
    <K extends keyof FilterPicks>(key: K) =>
    (value: FilterPicks[K]) =>
      onChange({ ...picks, [key]: value });

  return (
    <fieldset className="tickets-filters" aria-label={t("list.filters.title")}>
      <MultiPick
        label={t("list.filters.tags")}
        icon="tag"
        options={tags.map((x) => ({ value: x.id, label: x.name, color: x.color }))}
        selected={picks.tagIds}
        onChange={set("tagIds")}
        emptyText={t("list.filters.none")}
        clearText={t("list.filters.clear")}
      />
      <MultiPick
        label={t("list.filters.connections")}
        icon="phone"
        options={connections.map((x) => ({ value: x.id, label: x.name }))}
        selected={picks.whatsappIds}
        onChange={set("whatsappIds")}
        emptyText={t("list.filters.none")}
        clearText={t("list.filters.clear")}
      />
      <MultiPick
        label={t("list.filters.status")}
        icon="flow-branch"
        options={statuses.map((s) => ({ value: s, label: t(`list.status.${s}`) }))}
        selected={picks.statuses}
        onChange={set("statuses")}
        clearText={t("list.filters.clear")}
      />
      {isAdmin ? (
        <MultiPick
          label={t("list.filters.users")}
          icon="people"
          options={users.map((x) => ({ value: x.id, label: x.name }))}
          selected={picks.userIds}
          onChange={set("userIds")}
          emptyText={t("list.filters.none")}
          clearText={t("list.filters.clear")}
        />
      ) : null}
      {pickCount(picks) > 0 ? <Button size="small" variant="minimal" icon="filter-remove" text={t("list.filters.clearAll")} onClick={() => onChange(noPicks)} /> : null}
    </fieldset>
  );
}
