import { Button, HTMLTable, Intent, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import {
  ConfirmDialog,
  EmptyState,
  formatDateTime,
  ListFooter,
  PageLayout,
  SearchAndAdd,
  toastError,
  toastSuccess,
  useConfirmedAction,
  useLiveList,
  type LivePage,
} from "../../../web/src/ui/index.ts";
import { CampaignDialog } from "./campaign-dialog.tsx";
import { type Campaign, useCancelCampaignMutation, useDeleteCampaignMutation, useGetCampaignsPageQuery, useRestartCampaignMutation } from "./campaigns-api.ts";

const STATUS_INTENT: Record<Campaign["status"], Intent> = {
  INATIVA: Intent.NONE,
  PROGRAMADA: Intent.PRIMARY,
  EM_ANDAMENTO: Intent.WARNING,
  CANCELADA: Intent.DANGER,
  FINALIZADA: Intent.SUCCESS,
};

/**
 * /campaigns (spec 002 §2.2): search, the table (name, status, list, connection, scheduledAt,
 * completedAt, confirmation) with stop (while running), restart (while cancelled), report,
 * edit and delete; live through `company-{id}-campaign`.
 */
export function CampaignsPage() {
  const { t } = useTranslation("campaigns");
  const [, navigate] = useLocation();
  const [search, setSearch] = useState("");
  const list = useLiveList({
    query: useGetCampaignsPageQuery,
    args: (searchParam, pageNumber) => ({ searchParam, pageNumber }),
    page: (p): LivePage<Campaign> => p,
    topic: "campaign",
    payloadKey: "record",
    search: search.trim(),
    loadError: t("messages.loadError"),
  });
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [remove, removing] = useDeleteCampaignMutation();
  const [cancel] = useCancelCampaignMutation();
  const [restart] = useRestartCampaignMutation();
  const deletion = useConfirmedAction((c: Campaign) => remove(c.id).unwrap(), { success: t("messages.deleted"), onDone: (c) => list.remove(c.id) });
  const act = async (run: () => Promise<Campaign>, done: string) => {
    try {
      list.upsert(await run());
      toastSuccess(done);
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <PageLayout
      title={t("title")}
      actions={<SearchAndAdd searchLabel={t("search")} search={search} onSearch={setSearch} addLabel={t("add")} onAdd={() => setDialog({ open: true, id: null })} />}
    >
      {list.empty ? (
        <EmptyState icon="send-message" title={t("empty")} />
      ) : (
        <HTMLTable striped style={{ width: "100%" }} aria-label={t("title")}>
          <thead>
            <tr>
              <th>{t("columns.name")}</th>
              <th>{t("columns.status")}</th>
              <th>{t("columns.contactList")}</th>
              <th>{t("columns.whatsapp")}</th>
              <th>{t("columns.scheduledAt")}</th>
              <th>{t("columns.completedAt")}</th>
              <th>{t("columns.confirmation")}</th>
              <th style={{ textAlign: "center" }}>{t("columns.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.records.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>
                  <Tag intent={STATUS_INTENT[c.status]} minimal>
                    {t(`status.${c.status}`)}
                  </Tag>
                </td>
                <td>{c.contactList?.name ?? t("none")}</td>
                <td>{c.whatsapp?.name ?? t("none")}</td>
                <td>{c.scheduledAt ? formatDateTime(c.scheduledAt) : t("none")}</td>
                <td>{c.completedAt ? formatDateTime(c.completedAt) : t("none")}</td>
                <td>{c.confirmation ? t("yes") : t("no")}</td>
                <td style={{ whiteSpace: "nowrap", textAlign: "center" }}>
                  {c.status === "EM_ANDAMENTO" ? (
                    <Button
                      icon="stop"
                      variant="minimal"
                      aria-label={t("actions.stop", { name: c.name })}
                      onClick={() => void act(() => cancel(c.id).unwrap(), t("messages.cancelled"))}
                    />
                  ) : null}
                  {c.status === "CANCELADA" ? (
                    <Button
                      icon="repeat"
                      variant="minimal"
                      aria-label={t("actions.restart", { name: c.name })}
                      onClick={() => void act(() => restart(c.id).unwrap(), t("messages.restarted"))}
                    />
                  ) : null}
                  <Button icon="timeline-bar-chart" variant="minimal" aria-label={t("actions.report", { name: c.name })} onClick={() => navigate(`/campaign/${c.id}/report`)} />
                  <Button icon="edit" variant="minimal" aria-label={t("actions.edit", { name: c.name })} onClick={() => setDialog({ open: true, id: c.id })} />
                  <Button icon="trash" variant="minimal" intent={Intent.DANGER} aria-label={t("actions.delete", { name: c.name })} onClick={() => deletion.ask(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <ListFooter sentinel={list.sentinel} loading={list.loading} />
      <CampaignDialog isOpen={dialog.open} campaignId={dialog.id} onClose={() => setDialog({ open: false, id: null })} onSaved={list.upsert} />
      <ConfirmDialog {...deletion.dialog} title={t("confirm.title", { name: deletion.target?.name ?? "" })} message={t("confirm.message")} loading={removing.isLoading} />
    </PageLayout>
  );
}

export default CampaignsPage;
