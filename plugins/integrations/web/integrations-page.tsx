import { useState } from "react";
import { Button, HTMLTable, Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { ConfirmDialog, EmptyState, ListFooter, PageLayout, SearchAndAdd, useConfirmedAction, useLiveList, type LivePage } from "../../../web/src/ui/index.ts";
import { IntegrationDialog } from "./integration-dialog.tsx";
import { useDeleteQueueIntegrationMutation, useGetQueueIntegrationsPageQuery, type QueueIntegration } from "./integrations-api.ts";
import { TypeBadge } from "./type-badge.tsx";

const byName = (a: QueueIntegration, b: QueueIntegration) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id;

/**
 * /queue-integration (spec 002 §2.10): search, a live paged table (id, name, type logo), add /
 * edit in a dialog, delete after confirmation (refused with the users' names while a queue,
 * an option or a connection names it). Admins only; the plan flag useIntegrations gates it.
 */
export function IntegrationsPage() {
  const { t } = useTranslation("integrations");
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetQueueIntegrationsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<QueueIntegration> => ({ records: p.queueIntegrations, count: p.count, hasMore: p.hasMore }),
    topic: "queueIntegration",
    payloadKey: "queueIntegration",
    search: search.trim(),
    order: byName,
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [remove, deleting] = useDeleteQueueIntegrationMutation();
  const deletion = useConfirmedAction((record: QueueIntegration) => remove(record.id).unwrap(), {
    success: t("messages.deleted"),
    onDone: (record) => list.remove(record.id),
  });

  return (
    <PageLayout
      title={t("titleCount", { count: list.count })}
      actions={<SearchAndAdd searchLabel={t("searchPlaceholder")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, id: null })} />}
    >
      {list.empty ? (
        <EmptyState icon="data-connection" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.type")}</th>
              <th>{t("columns.id")}</th>
              <th>{t("columns.name")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((r) => (
              <tr key={r.id}>
                <td>
                  <TypeBadge type={r.type} label={t(`types.${r.type}`)} />
                </td>
                <td>{r.id}</td>
                <td>{r.name}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: r.name })} onClick={() => setDialog({ open: true, id: r.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: r.name })} onClick={() => deletion.ask(r)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      <IntegrationDialog isOpen={dialog.open} integrationId={dialog.id} onClose={() => setDialog({ open: false, id: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={deleting.isLoading} />
    </PageLayout>
  );
}

export default IntegrationsPage;
