import { useState } from "react";
import { Button, HTMLTable, Intent, Tag as Chip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, EmptyState, ListFooter, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { TagDialog } from "./tag-dialog.tsx";
import { useDeleteTagMutation, useGetTagsPageQuery, type Tag } from "./tags-api.ts";

/**
 * /tags (spec 000 §2): search (500 ms debounce), the tags as chips in their colour with
 * how many contacts carry them, create / edit in a dialog, delete after confirmation,
 * infinite scroll and live updates.
 */
export function TagsPage() {
  const { t } = useTranslation("tags");
  const [search, setSearch] = useState("");
  // Plain tags only: kanban lanes have their own screen.
  const list = useLiveList({
    query: useGetTagsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber, kanban: 0 as const }),
    page: (p): LivePage<Tag> => ({ records: p.tags, count: p.count, hasMore: p.hasMore }),
    topic: "tag",
    payloadKey: "tag",
    search: search.trim(),
    accepts: (tag) => tag.kanban !== 1,
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });
  const [deleteTag, deleting] = useDeleteTagMutation();
  const deletion = useConfirmedAction((tag: Tag) => deleteTag(tag.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (tag) => list.remove(tag.id),
  });

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={<SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, tagId: null })} />}
    >
      {list.empty ? (
        <EmptyState icon="tag" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.name")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.contacts")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
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
                <td style={{ textAlign: "center" }}>{tag.contactsCount ?? 0}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: tag.name })} onClick={() => setDialog({ open: true, tagId: tag.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: tag.name })} onClick={() => deletion.ask(tag)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />

      <TagDialog isOpen={dialog.open} tagId={dialog.tagId} onClose={() => setDialog({ open: false, tagId: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default TagsPage;
