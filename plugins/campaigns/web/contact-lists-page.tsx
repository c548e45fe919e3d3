import { Button, HTMLTable, Intent } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ConfirmDialog, EmptyState, ListFooter, PageLayout, SearchAndAdd, toastError, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { type ContactList, useDeleteContactListMutation, useGetContactListsPageQuery, useSampleSpreadsheetMutation } from "./campaigns-api.ts";
import { ContactListDialog } from "./contact-list-dialogs.tsx";

/** /contact-lists (spec 002 §2.5): search, name and contact count, sample spreadsheet, open, edit, delete; live. */
export function ContactListsPage() {
  const { t } = useTranslation("campaigns");
  const [, navigate] = useLocation();
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetContactListsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<ContactList> => p,
    topic: "ContactList",
    payloadKey: "record",
    search: search.trim(),
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [remove, removing] = useDeleteContactListMutation();
  const [sample] = useSampleSpreadsheetMutation();
  const downloadSample = async () => {
    try {
      saveAs(await sample().unwrap(), "planilha.xlsx");
    } catch (err) {
      toastError(err);
    }
  };
  const deletion = useConfirmedAction((l: ContactList) => remove(l.id).unwrap(), { success: t("lists.deleted"), onDone: (l) => list.remove(l.id) });
  return (
    <PageLayout
      title={t("lists.title")}
      actions={
        <>
          <Button icon="download" variant="minimal" text={t("lists.sample")} onClick={() => void downloadSample()} />
          <SearchAndAdd searchLabel={t("search")} search={search} onSearch={setSearch} addLabel={t("lists.add")} onAdd={() => setDialog({ open: true, id: null })} />
        </>
      }
    >
      {list.empty ? (
        <EmptyState icon="people" title={t("lists.empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("lists.title")}>
          <thead>
            <tr>
              <th>{t("columns.name")}</th>
              <th style={{ textAlign: "center" }}>{t("lists.contactsCount")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((l) => (
              <tr key={l.id}>
                <td>{l.name}</td>
                <td style={{ textAlign: "center" }}>{l.contactsCount}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="people" variant="minimal" aria-label={t("lists.open", { name: l.name })} onClick={() => navigate(`/contact-lists/${l.id}/contacts`)} />
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: l.name })} onClick={() => setDialog({ open: true, id: l.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: l.name })} onClick={() => deletion.ask(l)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      <ContactListDialog isOpen={dialog.open} listId={dialog.id} onClose={() => setDialog({ open: false, id: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("lists.confirm")} loading={removing.isLoading} />
    </PageLayout>
  );
}

/** Saves an object URL as a file, then lets the browser free it. */
function saveAs(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default ContactListsPage;
