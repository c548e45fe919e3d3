import { Button, ButtonGroup, HTMLTable, Intent, Tag } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { ConfirmDialog, EmptyState, formatDateTime, ListFooter, type LivePage, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList } from "../../../web/src/ui/index.ts";
import { useGetContactQuery } from "../../contacts/web/public.ts";
import { ScheduleCalendar } from "./schedule-calendar.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";
import { statusIntent } from "./schedule-status.ts";
import { type ScheduleView, useDeleteScheduleMutation, useGetSchedulesPageQuery } from "./schedules-api.ts";

/** Later times first, as the server pages them. */
const latestFirst = (a: ScheduleView, b: ScheduleView) => Date.parse(b.sendAt) - Date.parse(a.sendAt) || b.id - a.id;

/** `?contactId=12` (spec 000 §2): the create dialog opens for that contact. */
function useContactFromQuery() {
  const search = useSearch();
  const raw = new URLSearchParams(search).get("contactId");
  const id = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  const { currentData } = useGetContactQuery(id ?? 0, { skip: id === null });
  return id !== null && currentData ? { id: currentData.id, name: currentData.name } : null;
}

/**
 * /schedules (spec 000 §2): the company's scheduled messages as a list (search, infinite
 * scroll, live updates) or a month calendar; create, edit, delete. The plan flag
 * useSchedules gates the page (the shell shows the spec's notice and goes home without it).
 */
export function SchedulesPage() {
  const { t } = useTranslation("schedules");
  const [, navigate] = useLocation();
  const [search, setSearch] = useState("");
  const [view, setView] = useState<"list" | "calendar">("list");
  const list = useLiveList({
    query: useGetSchedulesPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<ScheduleView> => ({ records: p.schedules, count: p.count, hasMore: p.hasMore }),
    topic: "schedule",
    payloadKey: "schedule",
    search: search.trim(),
    order: latestFirst,
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null; contact: { id: number; name: string } | null }>({ open: false, id: null, contact: null });
  const fromQuery = useContactFromQuery();
  useEffect(() => {
    if (fromQuery) setDialog({ open: true, id: null, contact: fromQuery });
  }, [fromQuery?.id]);
  const close = () => {
    setDialog({ open: false, id: null, contact: null });
    // The query opened it once; closing forgets it so a reload does not open it again.
    if (fromQuery) navigate("/schedules", { replace: true });
  };
  const [deleteSchedule, deleting] = useDeleteScheduleMutation();
  const deletion = useConfirmedAction((s: ScheduleView) => deleteSchedule(s.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (s) => list.remove(s.id),
  });
  const open = (s: ScheduleView) => setDialog({ open: true, id: s.id, contact: null });

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={
        <div style={{ display: "flex", gap: 8, alignItems: "center" }}>
          <ButtonGroup>
            <Button icon="list" text={t("views.list")} active={view === "list"} onClick={() => setView("list")} />
            <Button icon="calendar" text={t("views.calendar")} active={view === "calendar"} onClick={() => setView("calendar")} />
          </ButtonGroup>
          <SearchAndAdd
            searchLabel={t("searchPlaceholder")}
            search={search}
            onSearch={setSearch}
            addLabel={t("add")}
            onAdd={() => setDialog({ open: true, id: null, contact: null })}
          />
        </div>
      }
    >
      {view === "calendar" ? (
        <ScheduleCalendar onOpen={open} />
      ) : list.empty ? (
        <EmptyState icon="calendar" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.contact")}</th>
              <th>{t("columns.body")}</th>
              <th>{t("columns.sendAt")}</th>
              <th>{t("columns.status")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((s) => (
              <tr key={s.id}>
                <td>{s.contact.name}</td>
                <td style={{ maxWidth: 320, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }} title={s.body}>
                  {s.body}
                </td>
                <td>{formatDateTime(s.sendAt)}</td>
                <td>
                  <Tag minimal intent={statusIntent(s.status)} title={s.lastError ?? undefined}>
                    {t(`status.${s.status}`)}
                  </Tag>
                </td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: s.contact.name })} onClick={() => open(s)} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: s.contact.name })} onClick={() => deletion.ask(s)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {view === "list" && <ListFooter sentinel={list.sentinel} loading={list.loading} />}

      <ScheduleDialog isOpen={dialog.open} scheduleId={dialog.id} contact={dialog.contact} onClose={close} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title")} message={t("confirm.message", { name: deletion.target?.contact.name ?? "" })} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default SchedulesPage;
