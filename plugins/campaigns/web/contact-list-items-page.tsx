import { Button, Callout, HTMLSelect, HTMLTable, Icon, Intent, ProgressBar } from "@blueprintjs/core";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useSession } from "../../../web/src/session/session.ts";
import {
  ConfirmDialog,
  EmptyState,
  ListFooter,
  PageLayout,
  SearchAndAdd,
  toastError,
  toastSuccess,
  useConfirmedAction,
  useLiveList,
  type LivePage,
} from "../../../web/src/ui/index.ts";
import {
  type ContactListItem,
  type ImportReport,
  useDeleteContactListItemMutation,
  useGetContactListItemsQuery,
  useGetContactListQuery,
  useCampaignConnectionOptionsQuery,
  useUploadContactListMutation,
} from "./campaigns-api.ts";
import { ContactListItemDialog } from "./contact-list-dialogs.tsx";

/**
 * /contact-lists/:contactListId/contacts (spec 002 §2.5): search, back, import (.xls/.xlsx, with
 * the rows read so far while it runs and the refused rows after), add, edit, delete (rule
 * contacts-page:deleteContact); the green or grey icon marks a valid or invalid WhatsApp number.
 */
export function ContactListItemsPage({ params }: { params: { contactListId?: string } }) {
  // An import replaces many rows at once: the list is read again from page 1 (a new key).
  const [version, setVersion] = useState(0);
  const [report, setReport] = useState<ImportReport | null>(null);
  return <ItemsView key={version} contactListId={Number(params.contactListId)} report={report} onImported={(r) => (setReport(r), setVersion((v) => v + 1))} />;
}

function ItemsView({ contactListId, report, onImported }: { contactListId: number; report: ImportReport | null; onImported: (r: ImportReport) => void }) {
  const { t } = useTranslation("campaigns");
  const [, navigate] = useLocation();
  const { data: contactList } = useGetContactListQuery(contactListId);
  const [search, setSearch] = useState("");
  const { can } = useSession();
  const list = useLiveList({
    query: useGetContactListItemsQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber, contactListId }),
    page: (p): LivePage<ContactListItem> => ({ records: p.contacts, count: p.count, hasMore: p.hasMore }),
    topic: "ContactListItem",
    payloadKey: "record",
    search: search.trim(),
    accepts: (item) => item.contactListId === contactListId,
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [remove, removing] = useDeleteContactListItemMutation();
  const deletion = useConfirmedAction((i: ContactListItem) => remove(i.id).unwrap(), { success: t("items.deleted"), onDone: (i) => list.remove(i.id) });
  const [upload, uploading] = useUploadContactListMutation();
  const { data: connections = [] } = useCampaignConnectionOptionsQuery();
  const [checkWith, setCheckWith] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  useCompanyEvent("ContactListItem", (event: { action?: string; contactListId?: number; read?: number }) => {
    if (event?.contactListId !== contactListId) return;
    if (event.action === "progress") setProgress(event.read ?? 0);
  });
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const result = await upload({ id: contactListId, file, ...(checkWith ? { whatsappId: Number(checkWith) } : {}) }).unwrap();
      toastSuccess(t("items.imported", { count: result.imported }));
      onImported(result);
    } catch (err) {
      toastError(err);
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  return (
    <PageLayout
      title={t("items.title", { name: contactList?.name ?? "" })}
      actions={
        <>
          <Button icon="arrow-left" variant="minimal" text={t("items.back")} onClick={() => navigate("/contact-lists")} />
          <input ref={fileInput} type="file" hidden accept=".xls,.xlsx" aria-label={t("items.importFile")} onChange={(e) => void importFile(e.target.files?.[0])} />
          <HTMLSelect
            aria-label={t("items.checkWith")}
            value={checkWith}
            onChange={(e) => setCheckWith(e.currentTarget.value)}
            options={[{ value: "", label: t("items.checkWithAny") }, ...connections.map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <Button icon="import" text={t("items.import")} loading={uploading.isLoading} onClick={() => fileInput.current?.click()} />
          <SearchAndAdd searchLabel={t("search")} search={search} onSearch={setSearch} addLabel={t("items.add")} onAdd={() => setDialog({ open: true, id: null })} />
        </>
      }
    >
      {progress !== null ? (
        <div style={{ marginBottom: 12 }}>
          <ProgressBar intent={Intent.PRIMARY} />
          <div>{t("items.reading", { count: progress })}</div>
        </div>
      ) : null}
      {report && report.refusedCount > 0 ? (
        <Callout intent={Intent.WARNING} title={t("items.refusedTitle", { count: report.refusedCount })} style={{ marginBottom: 12 }}>
          <ul style={{ maxHeight: 160, overflow: "auto", margin: 0 }}>
            {report.refused.map((r) => (
              <li key={r.line}>
                {t("items.refusedRow", {
                  line: r.line,
                  field: t(`items.${r.field}`, { defaultValue: r.field }),
                  message: t(`validation.${r.message}`, { defaultValue: r.message }),
                })}
              </li>
            ))}
          </ul>
        </Callout>
      ) : null}
      {list.empty ? (
        <EmptyState icon="person" title={t("items.empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("items.title", { name: contactList?.name ?? "" })}>
          <thead>
            <tr>
              <th style={{ width: 32 }} />
              <th>{t("items.name")}</th>
              <th>{t("items.number")}</th>
              <th>{t("items.email")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((i) => (
              <tr key={i.id}>
                <td>
                  <Icon
                    icon="tick-circle"
                    color={i.isWhatsappValid ? "#238551" : "#8f99a8"}
                    aria-label={i.isWhatsappValid ? t("items.valid") : t("items.invalid")}
                    title={i.isWhatsappValid ? t("items.valid") : t("items.invalid")}
                  />
                </td>
                <td>{i.name}</td>
                <td>{i.number}</td>
                <td>{i.email}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: i.name })} onClick={() => setDialog({ open: true, id: i.id })} />
                  {can("contacts-page:deleteContact") ? (
                    <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: i.name })} onClick={() => deletion.ask(i)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      <ContactListItemDialog isOpen={dialog.open} contactListId={contactListId} itemId={dialog.id} onClose={() => setDialog({ open: false, id: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("items.confirm")} loading={removing.isLoading} />
    </PageLayout>
  );
}

export default ContactListItemsPage;
