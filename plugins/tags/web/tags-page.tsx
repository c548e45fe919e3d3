import { useEffect, useState } from "react";
import { Button, HTMLTable, Intent, Tag as Chip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, EmptyState, PageLayout, toastError, useConfirmedAction, useDebouncedValue, useInfiniteScroll, SearchAndAdd, ListFooter } from "../../../web/src/ui/index.ts";
import { TagDialog } from "./tag-dialog.tsx";
import { useDeleteTagMutation, type Tag } from "./tags-api.ts";
import { useTagsList } from "./use-tags-list.ts";

/**
 * /tags (spec 000 §2): search (500 ms debounce), the tags as chips in their colour with
 * how many contacts carry them, create / edit in a dialog, delete after confirmation,
 * infinite scroll and live updates.
 */
export function TagsPage() {
  const { t } = useTranslation("tags");
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim());
  const list = useTagsList(searchParam);
  const sentinel = useInfiniteScroll(list.loadMore, list.hasMore, { loading: list.loading });
  const [dialog, setDialog] = useState<{ open: boolean; tagId: number | null }>({ open: false, tagId: null });
  const [deleteTag, deleting] = useDeleteTagMutation();
  const deletion = useConfirmedAction((tag: Tag) => deleteTag(tag.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (tag) => list.remove(tag.id),
  });

  useEffect(() => {
    if (list.isError) toastError(t("messages.loadError"));
  }, [list.isError, t]);

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={
        <SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, tagId: null })} />
      }
    >
      {list.tags.length === 0 && !list.loading ? (
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
            {list.tags.map((tag) => (
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
      <ListFooter sentinel={sentinel} loading={list.loading} />

      <TagDialog isOpen={dialog.open} tagId={dialog.tagId} onClose={() => setDialog({ open: false, tagId: null })} onSaved={list.upsert} />
      <ConfirmDialog
        {...deletion.dialog}
        title={t("confirm.title", { name: deletion.target?.name ?? "" })}
        message={t("confirm.message")}
        loading={deleting.isLoading}
      />
    </PageLayout>
  );
}

export default TagsPage;
