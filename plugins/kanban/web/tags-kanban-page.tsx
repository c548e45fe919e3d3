import { useState } from "react";
import { Button, HTMLTable, Intent, Tag as Chip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ConfirmDialog, EmptyState, ListFooter, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { TagDialog, type Tag, useDeleteTagMutation, useGetTagsPageQuery } from "../../tags/web/public.ts";
import { useKanbanLanesQuery } from "./kanban-api.ts";

/**
 * /TagsKanban (spec 002 §2.17): the kanban lanes (tags with kanban = 1) in a searchable table
 * with their name chip, how many tickets sit in each, their automation, edit (the tags plugin's
 * dialog with the lane fields) and delete, and a button back to the board. Live by the
 * company's tag events, like /tags.
 */
export function TagsKanbanPage() {
  const { t } = useTranslation("kanban");
  const [, navigate] = useLocation();
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetTagsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber, kanban: 1 as const }),
    page: (p): LivePage<Tag> => ({ records: p.tags, count: p.count, hasMore: p.hasMore }),
    topic: "tag",
    payloadKey: "tag",
    search: search.trim(),
    accepts: (tag) => tag.kanban === 1,
    loadError: t("messages.loadError"),
  });
  // Ticket counts and the lanes' names come with GET /tag/kanban (the tags plugin does not see tickets).
  const { data: lanes, refetch } = useKanbanLanesQuery();
  const counts = new Map((lanes?.lista ?? []).map((l) => [l.id, l.ticketsCount]));
  const names = new Map((lanes?.lista ?? []).map((l) => [l.id, l.name]));
  const [dialog, setDialog] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });
  const [deleteTag, deleting] = useDeleteTagMutation();
  const deletion = useConfirmedAction((tag: Tag) => deleteTag(tag.id).unwrap(), {
    success: t("tagsKanban.deleted"),
    onDone: (tag) => {
      list.remove(tag.id);
      void refetch();
    },
  });
  const timer = (tag: Tag) =>
    tag.timeLane > 0 && tag.nextLaneId && names.has(tag.nextLaneId) ? t("lane.timer", { hours: tag.timeLane, next: names.get(tag.nextLaneId) }) : t("tagsKanban.noTimer");

  return (
    <PageLayout
      title={t("tagsKanban.titleCount", { count: list.count })}
      actions={
        <>
          <Button icon="arrow-left" text={t("tagsKanban.back")} onClick={() => navigate("/kanban")} />
          <SearchAndAdd
            searchLabel={t("tagsKanban.search")}
            search={search}
            onSearch={setSearch}
            addLabel={t("tagsKanban.add")}
            onAdd={() => setDialog({ open: true, tagId: null })}
          />
        </>
      }
    >
      {list.empty ? (
        <EmptyState icon="column-layout" title={t("tagsKanban.empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("tagsKanban.title")}>
          <thead>
            <tr>
              <th>{t("tagsKanban.columns.name")}</th>
              <th style={{ textAlign: "center" }}>{t("tagsKanban.columns.tickets")}</th>
              <th>{t("tagsKanban.columns.timer")}</th>
              <th style={{ textAlign: "center" }}>{t("tagsKanban.columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((tag) => (
              <tr key={tag.id}>
                <td>
                  <Chip round style={{ background: tag.color, color: "#fff" }}>
                    {tag.name}
                  </Chip>
                </td>
                <td style={{ textAlign: "center" }}>{counts.get(tag.id) ?? 0}</td>
                <td className="bp6-text-muted">{timer(tag)}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("tagsKanban.edit", { name: tag.name })} onClick={() => setDialog({ open: true, tagId: tag.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("tagsKanban.delete", { name: tag.name })} onClick={() => deletion.ask(tag)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />

      <TagDialog
        kanban
        isOpen={dialog.open}
        tagId={dialog.tagId}
        onClose={() => setDialog({ open: false, tagId: null })}
        onSaved={(tag) => {
          list.upsert(tag);
          void refetch();
        }}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("tagsKanban.confirmTitle", { name: deletion.target?.name ?? "" })}
        message={t("tagsKanban.confirmMessage")}
        loading={deleting.isLoading}
      />
    </PageLayout>
  );
}

export default TagsKanbanPage;
