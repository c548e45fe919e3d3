import { useState } from "react";
import { Button, HTMLTable, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, EmptyState, ListFooter, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { FileListDialog } from "./file-list-dialog.tsx";
import { type FileList, useDeleteFileListMutation, useGetFileListsPageQuery } from "./file-lists-api.ts";

/** /files (spec 002 §2.11): searchable list of file lists, add / edit in a dialog, delete after confirmation, live. */
export function FilesPage() {
  const { t } = useTranslation("file-lists");
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetFileListsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<FileList> => ({ records: p.files, count: p.count, hasMore: p.hasMore }),
    topic: "file",
    payloadKey: "fileList",
    search: search.trim(),
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [remove, removing] = useDeleteFileListMutation();
  const deletion = useConfirmedAction((l: FileList) => remove(l.id).unwrap(), { success: t("messages.deleted"), onDone: (l) => list.remove(l.id) });

  return (
    <PageLayout
      title={t("title")}
      actions={<SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, id: null })} />}
    >
      {list.empty ? (
        <EmptyState icon="folder-open" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.name")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.files")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((l) => (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td style={{ textAlign: "center" }}>{l.options.filter((o) => o.path).length}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: l.name })} onClick={() => setDialog({ open: true, id: l.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: l.name })} onClick={() => deletion.ask(l)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      <FileListDialog isOpen={dialog.open} listId={dialog.id} onClose={() => setDialog({ open: false, id: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={removing.isLoading} />
    </PageLayout>
  );
}

export default FilesPage;
