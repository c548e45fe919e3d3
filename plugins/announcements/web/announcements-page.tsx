import { useState } from "react";
import { Button, HTMLTable, Icon, Intent, Spinner, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useSuperOnly } from "../../../web/src/session/use-super-only.ts";
import { ConfirmDialog, EmptyState, formatDateTime, PageLayout, useConfirmedAction, useDebouncedValue, useInfiniteScroll, SearchAndAdd } from "../../../web/src/ui/index.ts";
import { useDeleteAnnouncementMutation, type Announcement } from "./announcements-api.ts";
import { AnnouncementDialog } from "./announcement-dialog.tsx";
import { PriorityTag } from "./priority.tsx";
import { useAnnouncementList } from "./use-announcement-list.ts";

/** /announcements: the super user's list with search, infinite scroll, add/edit and delete, kept live. */
export default function AnnouncementsPage() {
  const allowed = useSuperOnly();
  return allowed ? <AnnouncementsManager /> : null;
}

function AnnouncementsManager() {
  const { t } = useTranslation("announcements");
  const [search, setSearch] = useState("");
  const list = useAnnouncementList(useDebouncedValue(search));
  const sentinel = useInfiniteScroll(list.loadMore, list.hasMore, { loading: list.loading });
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleteAnnouncement, deleting] = useDeleteAnnouncementMutation();
  const deletion = useConfirmedAction((row: Announcement) => deleteAnnouncement(row.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (row) => list.remove(row.id),
  });

  const open = (row: Announcement | null) => {
    setEditing(row);
    setDialogOpen(true);
  };

  return (
    <PageLayout title={t("title")} actions={<SearchAndAdd searchLabel={t("search")} search={search} onSearch={setSearch} addLabel={t("actions.add")} onAdd={() => open(null)} />}>
      {list.failed && !list.records.length ? (
        <EmptyState icon="error" title={t("messages.loadError")} />
      ) : !list.loading && !list.records.length ? (
        <EmptyState icon="announcement" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }}>
          <thead>
            <tr>
              <th>{t("fields.title")}</th>
              <th>{t("fields.priority")}</th>
              <th>{t("fields.status")}</th>
              <th>{t("fields.image")}</th>
              <th>{t("fields.date")}</th>
              <th style={{ width: 96 }}>{t("actions.title")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((row) => (
              <tr key={row.id} data-testid="announcement-row">
                <td>{row.title}</td>
                <td>
                  <PriorityTag priority={row.priority} />
                </td>
                <td>
                  <Tag minimal intent={row.status ? Intent.SUCCESS : Intent.NONE}>
                    {t(row.status ? "status.active" : "status.inactive")}
                  </Tag>
                </td>
                <td>{row.mediaUrl ? <Icon icon="media" title={row.mediaName ?? ""} /> : null}</td>
                <td>{formatDateTime(row.createdAt)}</td>
                <td style={{ whiteSpace: "nowrap" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit")} onClick={() => open(row)} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete")} onClick={() => deletion.ask(row)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div ref={sentinel} style={{ height: 1 }} />
      {list.loading ? <Spinner size={24} style={{ margin: 16 }} /> : null}

      <AnnouncementDialog isOpen={dialogOpen} announcement={editing} onClose={() => setDialogOpen(false)} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title")} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}
